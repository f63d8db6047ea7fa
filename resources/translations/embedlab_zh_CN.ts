<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="zh_CN">
<context>
    <name>Exporter</name>
    <message>
        <source>Cannot export to '%1': the file name must end in .png, .svg or .pdf.</source>
        <translation>无法导出到“%1”：文件名必须以 .png、.svg 或 .pdf 结尾。</translation>
    </message>
    <message>
        <source>The scale must be between %1 and %2, not %3.</source>
        <translation>缩放倍数必须在 %1 到 %2 之间，而不是 %3。</translation>
    </message>
    <message>
        <source>Could not write '%1': %2</source>
        <translation>无法写入“%1”：%2</translation>
    </message>
    <message>
        <source>Exported from EmbedLab</source>
        <translation>由 EmbedLab 导出</translation>
    </message>
    <message>
        <source>Could not write '%1'.</source>
        <translation>无法写入“%1”。</translation>
    </message>
    <message>
        <source>Could not create the folder '%1'.</source>
        <translation>无法创建文件夹“%1”。</translation>
    </message>
    <message>
        <source>The fit has no steps to export yet: run it first.</source>
        <translation>训练还没有可导出的步骤：请先运行。</translation>
    </message>
    <message>
        <source>Step %1 of the fit did not come back in time.</source>
        <translation>未能及时恢复训练的第 %1 步。</translation>
    </message>
</context>
<context>
    <name>HeadlessExport</name>
    <message>
        <source>a file it read became shorter on disk; '%1' shows zeros for what that file no longer holds.</source>
        <translation>读取的一个文件在磁盘上变短了；'%1' 中该文件已不再包含的部分显示为零。</translation>
    </message>
    <message>
        <source>unexpected argument '%1'.</source>
        <translation>意外的参数“%1”。</translation>
    </message>
    <message>
        <source>--out FILE.png|.svg|.pdf is required.</source>
        <translation>必须指定 --out 文件.png|.svg|.pdf。</translation>
    </message>
    <message>
        <source>--out must end in .png, .svg or .pdf (not '%1').</source>
        <translation>--out 必须以 .png、.svg 或 .pdf 结尾（而不是“%1”）。</translation>
    </message>
    <message>
        <source>--scale must be 1, 2, 3 or 4 (not '%1').</source>
        <translation>--scale 必须是 1、2、3 或 4（而不是“%1”）。</translation>
    </message>
    <message>
        <source>--language must be en, vi or zh (not '%1').</source>
        <translation>--language 必须是 en、vi 或 zh（而不是“%1”）。</translation>
    </message>
    <message>
        <source>the %1 translations are missing from this build.</source>
        <translation>此版本缺少 %1 翻译。</translation>
    </message>
    <message>
        <source>--size must be WIDTHxHEIGHT, e.g. 1200x700 (not '%1').</source>
        <translation>--size 必须是 宽x高，例如 1200x700（而不是“%1”）。</translation>
    </message>
    <message>
        <source>--seed must be a non-negative whole number (not '%1').</source>
        <translation>--seed 必须是非负整数（而不是“%1”）。</translation>
    </message>
    <message>
        <source>--num-embeddings must be a whole number (not '%1').</source>
        <translation>--num-embeddings 必须是整数（不是 '%1'）。</translation>
    </message>
    <message>
        <source>--embedding-dim must be a whole number (not '%1').</source>
        <translation>--embedding-dim 必须是整数（不是 '%1'）。</translation>
    </message>
    <message>
        <source>--init %1: %2</source>
        <translation>--init %1：%2</translation>
    </message>
    <message>
        <source>timed out building the model.</source>
        <translation>构建模型超时。</translation>
    </message>
    <message>
        <source>--ids %1: %2</source>
        <translation>--ids %1：%2</translation>
    </message>
    <message>
        <source>timed out initialising the weights.</source>
        <translation>初始化权重超时。</translation>
    </message>
    <message>
        <source>timed out waiting for the views.</source>
        <translation>等待视图超时。</translation>
    </message>
    <message>
        <source>--step must be between 0 and %1.</source>
        <translation>--step 必须在 0 到 %1 之间。</translation>
    </message>
    <message>
        <source>timed out drawing the histogram.</source>
        <translation>绘制直方图超时。</translation>
    </message>
    <message>
        <source>timed out computing lm_head(h).</source>
        <translation>计算 lm_head(h) 超时。</translation>
    </message>
    <message>
        <source>--export weights needs --out FILE.npy.</source>
        <translation>--export weights 需要 --out FILE.npy。</translation>
    </message>
    <message>
        <source>--weights sets the model's sizes: it cannot be combined with --num-embeddings, --embedding-dim or --session.</source>
        <translation>--weights 决定模型的尺寸：不能与 --num-embeddings、--embedding-dim 或 --session 一起使用。</translation>
    </message>
    <message>
        <source>--preset must be reference or gpt2 (not '%1').</source>
        <translation>--preset 必须是 reference 或 gpt2（而不是 '%1'）。</translation>
    </message>
    <message>
        <source>timed out restoring the session.</source>
        <translation>恢复会话超时。</translation>
    </message>
    <message>
        <source>timed out loading %1.</source>
        <translation>加载 %1 超时。</translation>
    </message>
    <message>
        <source>timed out waiting for the model.</source>
        <translation>等待模型超时。</translation>
    </message>
    <message>
        <source>timed out drawing the heatmap.</source>
        <translation>绘制热力图超时。</translation>
    </message>
    <message>
        <source>--export must be one of heatmap, onehot, histogram, unembedding, neighbours, window, weights (not '%1').</source>
        <translation>--export 必须是 heatmap、onehot、histogram、unembedding、neighbours、window、weights 之一（不是“%1”）。</translation>
    </message>
    <message>
        <source>--%1 goes with the window, not with --export.</source>
        <translation>--%1 用于窗口，不能与 --export 一起使用。</translation>
    </message>
    <message>
        <source>--ids and --text both give the ids: use one.</source>
        <translation>--ids 和 --text 都给出了 id：请只用其中一个。</translation>
    </message>
    <message>
        <source>--text needs a model with a tokenizer (--preset gpt2, or weights with one beside them).</source>
        <translation>--text 需要带分词器的模型（--preset gpt2，或旁边附有分词器的权重）。</translation>
    </message>
    <message>
        <source>--text %1: %2</source>
        <translation>--text %1：%2</translation>
    </message>
    <message>
        <source>timed out training.</source>
        <translation>训练超时。</translation>
    </message>
    <message>
        <source>--background must be window, white or transparent (not '%1').</source>
        <translation>--background 必须是 window、white 或 transparent（不是“%1”）。</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <source>max |w|</source>
        <translation>max |w|</translation>
    </message>
</context>
<context>
    <name>QPlatformTheme</name>
    <message>
        <source>OK</source>
        <translation>确定</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Save All</source>
        <translation>全部保存</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>&amp;Yes</source>
        <translation>是(&amp;Y)</translation>
    </message>
    <message>
        <source>Yes to &amp;All</source>
        <translation>全部是(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;No</source>
        <translation>否(&amp;N)</translation>
    </message>
    <message>
        <source>N&amp;o to All</source>
        <translation>全部否(&amp;O)</translation>
    </message>
    <message>
        <source>Abort</source>
        <translation>中止</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>重试</translation>
    </message>
    <message>
        <source>Ignore</source>
        <translation>忽略</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>放弃</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>帮助</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>重置</translation>
    </message>
    <message>
        <source>Restore Defaults</source>
        <translation>恢复默认值</translation>
    </message>
</context>
<context>
    <name>SessionFile</name>
    <message>
        <source>'%1' is not a run EmbedLab stored.</source>
        <translation>“%1”不是 EmbedLab 保存的运行。</translation>
    </message>
    <message>
        <source>The session is damaged: the fit's run must lie beside the session.</source>
        <translation>会话已损坏：训练运行文件必须与会话文件位于同一文件夹。</translation>
    </message>
    <message>
        <source>Could not save the fit's run beside '%1': %2</source>
        <translation>无法将训练运行保存在“%1”旁边：%2</translation>
    </message>
    <message>
        <source>The session is damaged: its history must list operations with their code.</source>
        <translation>会话已损坏：其历史必须列出各项操作及其代码。</translation>
    </message>
    <message>
        <source>This is not an EmbedLab session.</source>
        <translation>这不是 EmbedLab 会话文件。</translation>
    </message>
    <message>
        <source>This session was saved by a newer EmbedLab (session version %1; this version reads up to %2). Update EmbedLab to open it.</source>
        <translation>此会话由更新版本的 EmbedLab 保存（会话版本 %1；本版本最多读取到 %2）。请更新 EmbedLab 后再打开。</translation>
    </message>
    <message>
        <source>The session has an invalid version (%1).</source>
        <translation>会话的版本号无效（%1）。</translation>
    </message>
    <message>
        <source>The session is damaged: num_embeddings, embedding_dim and seed must be non-negative whole numbers.</source>
        <translation>会话已损坏：num_embeddings、embedding_dim 和 seed 必须是非负整数。</translation>
    </message>
    <message>
        <source>The session is damaged: padding_idx must be a number or null.</source>
        <translation>会话已损坏：padding_idx 必须是数字或 null。</translation>
    </message>
    <message>
        <source>The session is damaged: max_norm must be a number or null.</source>
        <translation>会话已损坏：max_norm 必须是数字或 null。</translation>
    </message>
    <message>
        <source>The session is damaged: every initialiser needs a spec.</source>
        <translation>会话已损坏：每个初始化器都需要 spec。</translation>
    </message>
    <message>
        <source>The session is damaged: an initialiser's seed is not a whole number.</source>
        <translation>会话已损坏：某个初始化器的 seed 不是整数。</translation>
    </message>
    <message>
        <source>The session is damaged: the weights file must lie beside the session.</source>
        <translation>会话已损坏：权重文件必须与会话文件位于同一文件夹。</translation>
    </message>
    <message>
        <source>The session is damaged: the ids are missing.</source>
        <translation>会话已损坏：缺少 ids。</translation>
    </message>
    <message>
        <source>Could not save the weights to '%1': %2</source>
        <translation>无法将权重保存到“%1”：%2</translation>
    </message>
    <message>
        <source>Could not save the session to '%1': %2</source>
        <translation>无法将会话保存到“%1”：%2</translation>
    </message>
    <message>
        <source>Could not open '%1': %2</source>
        <translation>无法打开“%1”：%2</translation>
    </message>
    <message>
        <source>'%1' is too large to be an EmbedLab session.</source>
        <translation>“%1”太大，不可能是 EmbedLab 会话。</translation>
    </message>
    <message>
        <source>'%1' is damaged: %2 at byte %3.</source>
        <translation>“%1”已损坏：第 %3 字节处%2。</translation>
    </message>
    <message>
        <source>Could not open the session's weights '%1': %2</source>
        <translation>无法打开会话的权重“%1”：%2</translation>
    </message>
    <message>
        <source>The session's weights '%1' cannot be read as float32.</source>
        <translation>无法以 float32 读取会话的权重“%1”。</translation>
    </message>
    <message>
        <source>The session's weights '%1' are damaged: %2</source>
        <translation>会话的权重“%1”已损坏：%2</translation>
    </message>
    <message>
        <source>The session is damaged: it stores %1, which its model does not have on its own.</source>
        <translation>会话已损坏：它保存了 %1，但其模型中并没有独立的 %1。</translation>
    </message>
    <message>
        <source>The session's weights '%1' do not have the shape of %2.</source>
        <translation>会话的权重“%1”与 %2 的形状不符。</translation>
    </message>
    <message>
        <source>The session is damaged: the tokenizer must be a file name.</source>
        <translation>会话已损坏：分词器必须是文件名。</translation>
    </message>
    <message>
        <source>The session is damaged: its document must be an object.</source>
        <translation>会话已损坏：其文档部分必须是一个对象。</translation>
    </message>
    <message>
        <source>The session is damaged: its view field '%1' has a value of the wrong type or out of range.</source>
        <translation>会话已损坏：其视图字段“%1”的值类型错误或超出范围。</translation>
    </message>
</context>
<context>
    <name>Theme</name>
    <message>
        <source>High contrast, light</source>
        <translation>高对比度（浅色）</translation>
    </message>
    <message>
        <source>High contrast, dark</source>
        <translation>高对比度（深色）</translation>
    </message>
    <message>
        <source>The desktop's colours</source>
        <translation>桌面的配色</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::AnimationToolBar</name>
    <message>
        <source>Animation</source>
        <translation>动画</translation>
    </message>
    <message>
        <source> Speed </source>
        <translation> 速度 </translation>
    </message>
    <message>
        <source>Animation speed</source>
        <translation>动画速度</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>播放(&amp;P)</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::CodePanel</name>
    <message>
        <source>&lt;b&gt;Python&lt;/b&gt; &amp;mdash; paste it into Python to get the same numbers</source>
        <translation>&lt;b&gt;Python&lt;/b&gt; &amp;mdash; 粘贴到 Python 中即可得到相同的数字</translation>
    </message>
    <message>
        <source>&amp;Copy code</source>
        <translation>复制代码(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the Python code to the clipboard</source>
        <translation>将 Python 代码复制到剪贴板</translation>
    </message>
    <message>
        <source>&lt;b&gt;Output&lt;/b&gt; &amp;mdash; what PyTorch prints</source>
        <translation>&lt;b&gt;输出&lt;/b&gt; &amp;mdash; PyTorch 打印的内容</translation>
    </message>
    <message>
        <source>(computing ...)</source>
        <translation>（计算中 ...）</translation>
    </message>
    <message>
        <source>&lt;b style="color:%1"&gt;⚠ out of date&lt;/b&gt;: the code and the Output keep ids = %2 until the entry is valid.</source>
        <translation>&lt;b style="color:%1"&gt;⚠ 未更新&lt;/b&gt;：在输入有效之前，代码和输出保留 ids = %2。</translation>
    </message>
    <message>
        <source>&lt;b style="color:%1"&gt;⚠ out of date&lt;/b&gt;</source>
        <translation>&lt;b style="color:%1"&gt;⚠ 未更新&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b style="color:%1"&gt;✓ equal&lt;/b&gt;: embedding(ids) and one_hot @ embedding.weight printed the same numbers, and are bitwise identical.</source>
        <translation>&lt;b style="color:%1"&gt;✓ 相等&lt;/b&gt;：embedding(ids) 与 one_hot @ embedding.weight 打印出相同的数字，并且逐位完全相同。</translation>
    </message>
    <message>
        <source>&lt;b style="color:%1"&gt;✗ differ&lt;/b&gt;: the two paths are not bitwise identical.</source>
        <translation>&lt;b style="color:%1"&gt;✗ 不同&lt;/b&gt;：两条路径的结果并非逐位相同。</translation>
    </message>
    <message>
        <source>&lt;b style="color:%1"&gt;✓ equal&lt;/b&gt;</source>
        <translation>&lt;b style="color:%1"&gt;✓ 相等&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b style="color:%1"&gt;✗ differ&lt;/b&gt;</source>
        <translation>&lt;b style="color:%1"&gt;✗ 不同&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Output&lt;/b&gt; &amp;mdash; formatting ...</source>
        <translation>&lt;b&gt;输出&lt;/b&gt; &amp;mdash; 正在格式化 ...</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::CommandLine</name>
    <message>
        <source>Export a view (heatmap, onehot, histogram, unembedding, neighbours, window) to --out FILE.png, .svg or .pdf, or weights to --out FILE.npy, without a window (see README).</source>
        <translation>不打开窗口，将一个视图（heatmap、onehot、histogram、unembedding、neighbours、window）导出到 --out 文件.png、.svg 或 .pdf，或将 weights 导出到 --out 文件.npy（见 README）。</translation>
    </message>
    <message>
        <source>Output file.</source>
        <translation>输出文件。</translation>
    </message>
    <message>
        <source>PNG scale 1-4.</source>
        <translation>PNG 缩放倍数 1-4。</translation>
    </message>
    <message>
        <source>Projector style.</source>
        <translation>投影样式。</translation>
    </message>
    <message>
        <source>en, vi or zh.</source>
        <translation>en、vi 或 zh。</translation>
    </message>
    <message>
        <source>torch.manual_seed.</source>
        <translation>torch.manual_seed。</translation>
    </message>
    <message>
        <source>V.</source>
        <translation>V。</translation>
    </message>
    <message>
        <source>D.</source>
        <translation>D。</translation>
    </message>
    <message>
        <source>Token ids.</source>
        <translation>token id。</translation>
    </message>
    <message>
        <source>Tie lm_head to the embedding.</source>
        <translation>将 lm_head 与 embedding 绑定。</translation>
    </message>
    <message>
        <source>Initialiser spec.</source>
        <translation>初始化器 spec。</translation>
    </message>
    <message>
        <source>Session file.</source>
        <translation>会话文件。</translation>
    </message>
    <message>
        <source>Weight file, as FILE[:TENSOR].</source>
        <translation>权重文件，格式为 FILE[:TENSOR]。</translation>
    </message>
    <message>
        <source>reference or gpt2.</source>
        <translation>reference 或 gpt2。</translation>
    </message>
    <message>
        <source>Animation step to show.</source>
        <translation>要显示的动画步骤。</translation>
    </message>
    <message>
        <source>Window size, e.g. 1400x860; with --export, the view's size.</source>
        <translation>窗口大小，例如 1400x860；与 --export 一起使用时为视图的大小。</translation>
    </message>
    <message>
        <source>Render the window to a PNG and exit.</source>
        <translation>将窗口渲染为 PNG 后退出。</translation>
    </message>
    <message>
        <source>Before the screenshot: tied, untied-reinit, compare, train or tokens.</source>
        <translation>截图前：tied、untied-reinit、compare、train 或 tokens。</translation>
    </message>
    <message>
        <source>Once idle, write the window's state as a session to FILE and exit (for scripts and tests: it shows what a crash recovery restored).</source>
        <translation>空闲后，将窗口状态作为会话写入 FILE 并退出（用于脚本和测试：显示崩溃恢复还原了什么）。</translation>
    </message>
    <message>
        <source>A session (.embedlab) to open, or a weight file (.npy, .safetensors, .gguf) whose tensor becomes embedding.weight.</source>
        <translation>要打开的会话（.embedlab），或一个权重文件（.npy、.safetensors、.gguf），其张量成为 embedding.weight。</translation>
    </message>
    <message>
        <source>Text for the tokenizer, typed in text mode.</source>
        <translation>交给分词器的文本，以文本模式输入。</translation>
    </message>
    <message>
        <source>One training step, with the Training panel in front.</source>
        <translation>训练一步，并把“训练”面板放到最前。</translation>
    </message>
    <message>
        <source>Background: window, white or transparent.</source>
        <translation>背景：window（窗口颜色）、white（白色）或 transparent（透明）。</translation>
    </message>
    <message>
        <source>Draw the selection and highlight marks in.</source>
        <translation>绘制选中和高亮标记。</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::Document</name>
    <message>
        <source>The last step's results belonged to weights that have changed since (undo, an initialiser, a tie or a new model): they were cleared.</source>
        <translation>上一步的结果属于此后已改变的权重（撤销、初始化器、绑定或新模型）：这些结果已被清除。</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::ExportController</name>
    <message>
        <source>E&amp;xport</source>
        <translation>导出(&amp;X)</translation>
    </message>
    <message>
        <source>&amp;Copy as Image</source>
        <translation>复制为图像(&amp;C)</translation>
    </message>
    <message>
        <source>embedding.weight Heatmap</source>
        <translation>embedding.weight 热力图</translation>
    </message>
    <message>
        <source>lm_head.weight Heatmap</source>
        <translation>lm_head.weight 热力图</translation>
    </message>
    <message>
        <source>One-Hot Animation Frame</source>
        <translation>one-hot 动画帧</translation>
    </message>
    <message>
        <source>Initialisation Histogram</source>
        <translation>初始化直方图</translation>
    </message>
    <message>
        <source>Unembedding Charts</source>
        <translation>反嵌入图表</translation>
    </message>
    <message>
        <source>Whole Window</source>
        <translation>整个窗口</translation>
    </message>
    <message>
        <source>%1 (PNG, SVG, PDF)...</source>
        <translation>%1（PNG、SVG、PDF）...</translation>
    </message>
    <message>
        <source>Animation as PNG &amp;Frames...</source>
        <translation>动画导出为 PNG 帧序列(&amp;F)...</translation>
    </message>
    <message>
        <source>&amp;Weights as .npy...</source>
        <translation>权重导出为 .npy(&amp;W)...</translation>
    </message>
    <message>
        <source>Export View</source>
        <translation>导出视图</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>PNG 图像 (*.png);;SVG 矢量图 (*.svg);;PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>已导出 %1</translation>
    </message>
    <message>
        <source>Exporting %1 ...</source>
        <translation>正在导出 %1 ...</translation>
    </message>
    <message>
        <source>Copied the image to the clipboard</source>
        <translation>已将图像复制到剪贴板</translation>
    </message>
    <message>
        <source>Export Animation Frames</source>
        <translation>导出动画帧</translation>
    </message>
    <message>
        <source>Writing animation frames ...</source>
        <translation>正在写入动画帧 ...</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message numerus="yes">
        <source>Export cancelled after %n frame(s) in %1</source>
        <translation>
            <numerusform>已取消导出：已在 %1 写入 %n 帧</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Wrote %n frame(s) to %1</source>
        <translation>
            <numerusform>已将 %n 帧写入 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Export Weights</source>
        <translation>导出权重</translation>
    </message>
    <message>
        <source>Tensor:</source>
        <translation>张量：</translation>
    </message>
    <message>
        <source>NumPy arrays (*.npy)</source>
        <translation>NumPy 数组 (*.npy)</translation>
    </message>
    <message>
        <source>There is no %1.</source>
        <translation>不存在 %1。</translation>
    </message>
    <message>
        <source>Export Screenshot</source>
        <translation>导出截图</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Could not write '%1'.</source>
        <translation>无法写入“%1”。</translation>
    </message>
    <message>
        <source>Nearest Neighbours</source>
        <translation>最近邻</translation>
    </message>
    <message>
        <source>Copying the image ...</source>
        <translation>正在复制图像 ...</translation>
    </message>
    <message>
        <source>Fit a Text: Loss Curve</source>
        <translation>用文本训练：损失曲线</translation>
    </message>
    <message>
        <source>Fit a Text: Token Map</source>
        <translation>用文本训练：词元地图</translation>
    </message>
    <message>
        <source>Fit a Text Run as PNG F&amp;rames...</source>
        <translation>用文本训练的运行导出为 PNG 帧序列(&amp;R)...</translation>
    </message>
    <message>
        <source>Run Fit a Text first: its run has no steps to export.</source>
        <translation>请先运行“用文本训练”：它还没有可导出的步骤。</translation>
    </message>
    <message>
        <source>Export Fit a Text Run as Frames</source>
        <translation>将用文本训练的运行导出为帧</translation>
    </message>
    <message>
        <source>Writing the run's frames ...</source>
        <translation>正在写入运行的帧 ...</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::ExportOptionsDialog</name>
    <message>
        <source>Draw the selection and highlight &amp;marks</source>
        <translation>绘制选中和高亮标记(&amp;M)</translation>
    </message>
    <message>
        <source>Export View</source>
        <translation>导出视图</translation>
    </message>
    <message>
        <source>The PNG has this many pixels for each pixel of the view.</source>
        <translation>视图的每个像素在 PNG 中变为这么多像素。</translation>
    </message>
    <message>
        <source>SVG and PDF are drawn as vectors: they stay sharp at any size.</source>
        <translation>SVG 和 PDF 以矢量绘制：放大到任何尺寸都保持清晰。</translation>
    </message>
    <message>
        <source>Window colour</source>
        <translation>窗口颜色</translation>
    </message>
    <message>
        <source>White</source>
        <translation>白色</translation>
    </message>
    <message>
        <source>Transparent</source>
        <translation>透明</translation>
    </message>
    <message>
        <source>The heatmap's selected row and the one-hot animation's highlighted rows.</source>
        <translation>热力图中选中的行，以及 one-hot 动画中高亮的行。</translation>
    </message>
    <message>
        <source>&amp;Scale:</source>
        <translation>缩放倍数(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Background:</source>
        <translation>背景(&amp;B)：</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::FitMapView</name>
    <message>
        <source>Token map</source>
        <translation>词元地图</translation>
    </message>
    <message>
        <source>Token map, %1</source>
        <translation>词元地图，%1</translation>
    </message>
    <message>
        <source>The text's most frequent words on a fixed plane, aligned from step to step, each trailing a line through its recent places</source>
        <translation>文本中最常见的词在固定平面上的位置，各步之间保持对齐，每个词身后拖着一条经过其最近位置的轨迹线</translation>
    </message>
    <message>
        <source>%1, nearest %2</source>
        <translation>%1，最近的是 %2</translation>
    </message>
    <message>
        <source>No words yet</source>
        <translation>还没有词</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::FitOptimizerDialog</name>
    <message>
        <source>Optimiser of the Run</source>
        <translation>本次训练的优化器</translation>
    </message>
    <message>
        <source>The run starts again from step 0 with these settings.</source>
        <translation>训练将用这些设置从第 0 步重新开始。</translation>
    </message>
    <message>
        <source>Take the optimiser and settings the Training panel has now</source>
        <translation>采用训练面板当前的优化器和设置</translation>
    </message>
    <message>
        <source>Why the settings cannot be used</source>
        <translation>设置无法使用的原因</translation>
    </message>
    <message>
        <source>&amp;Use the Training panel's: %1</source>
        <translation>使用训练面板的设置(&amp;U)：%1</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::FitPanel</name>
    <message>
        <source>Tie lm_head to the embedding</source>
        <translation>让 lm_head 与嵌入共享权重</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>单步</translation>
    </message>
    <message>
        <source>&amp;Text:</source>
        <translation>文本(&amp;T)：</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Steps per frame</source>
        <translation>每帧步数</translation>
    </message>
    <message>
        <source>How many steps a run takes between two frames (about 30 a second)</source>
        <translation>运行时两帧之间训练的步数（每秒约 30 帧）</translation>
    </message>
    <message>
        <source>S&amp;peed:</source>
        <translation>速度(&amp;P)：</translation>
    </message>
    <message>
        <source>Timeline: the step shown</source>
        <translation>时间轴：当前显示的步</translation>
    </message>
    <message>
        <source>Step and loss</source>
        <translation>步数与损失</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Reading the text ...</source>
        <translation>正在读取文本……</translation>
    </message>
    <message>
        <source>%1 characters, %2 distinct: the model has V = %2 rows; ln V = %3</source>
        <translation>%1 个字符，其中 %2 个不同：模型有 V = %2 行；ln V = %3</translation>
    </message>
    <message>
        <source>Step 0 of %1</source>
        <translation>第 0 步，共 %1 步</translation>
    </message>
    <message>
        <source>Step %1 of %2, loss %3</source>
        <translation>第 %1 步，共 %2 步，损失 %3</translation>
    </message>
    <message>
        <source>Choose a text</source>
        <translation>选择文本</translation>
    </message>
    <message>
        <source>Choose a text to train on.</source>
        <translation>请选择一段用于训练的文本。</translation>
    </message>
    <message>
        <source>Your own text...</source>
        <translation>自己的文本...</translation>
    </message>
    <message>
        <source>PyTorch script</source>
        <translation>PyTorch 脚本</translation>
    </message>
    <message>
        <source>Show the whole run as a PyTorch script in place of the map: pasted into Python, it prints the losses this panel shows</source>
        <translation>在地图的位置显示整个运行的 PyTorch 脚本：粘贴到 Python 中运行，它会打印出本面板显示的损失值</translation>
    </message>
    <message>
        <source>PyTorch script of the run</source>
        <translation>本次运行的 PyTorch 脚本</translation>
    </message>
    <message>
        <source>What the script prints</source>
        <translation>脚本打印的内容</translation>
    </message>
    <message>
        <source>It prints:</source>
        <translation>它打印：</translation>
    </message>
    <message>
        <source>Copy script</source>
        <translation>复制脚本</translation>
    </message>
    <message>
        <source>Copy the script to the clipboard (Edit &gt; Copy Python Code does too while this panel is in front)</source>
        <translation>将脚本复制到剪贴板（当本面板在前面时，“编辑 &gt; 复制 Python 代码”也会这样做）</translation>
    </message>
    <message>
        <source>&amp;Compare tied and untied</source>
        <translation>比较绑定与不绑定(&amp;C)</translation>
    </message>
    <message>
        <source>Compare tied and untied</source>
        <translation>比较绑定与不绑定</translation>
    </message>
    <message>
        <source>Run the same text with the other tying beside this run, step for step: both loss curves, both maps</source>
        <translation>用另一种绑定方式在本次运行旁逐步运行同一文本：两条损失曲线，两张图</translation>
    </message>
    <message>
        <source>tied</source>
        <translation>绑定</translation>
    </message>
    <message>
        <source>untied</source>
        <translation>不绑定</translation>
    </message>
    <message>
        <source>loss, %1</source>
        <translation>损失，%1</translation>
    </message>
    <message>
        <source>&amp;Weights</source>
        <translation>权重(&amp;W)</translation>
    </message>
    <message>
        <source>Show emb.weight and head.weight in place of the map as they learn: the rows the last step changed, and the nearest tokens of a token</source>
        <translation>在学习过程中以 emb.weight 和 head.weight 代替地图显示：上一步改变的行，以及某个词元的最近词元</translation>
    </message>
    <message>
        <source>T&amp;okens:</source>
        <translation>词元(&amp;O)：</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>How the text becomes ids: GPT-2's tokenizer, one id per character, or the tokenizer of the model you opened</source>
        <translation>文本如何变成 id：GPT-2 的分词器、每个字符一个 id，或你打开的模型的分词器</translation>
    </message>
    <message>
        <source>Characters</source>
        <translation>字符</translation>
    </message>
    <message>
        <source>%1 tokens of %4, %2 distinct of its %5: the model has V = %2 rows; ln V = %3</source>
        <translation>%1 个 %4 词元，在其 %5 个词元中有 %2 个不同：模型有 V = %2 行；ln V = %3</translation>
    </message>
    <message>
        <source>The run could not be set up: %1</source>
        <translation>无法准备这次运行：%1</translation>
    </message>
    <message>
        <source>torch.optim.SGD or Adam for the run, with the Training panel's settings: the run starts again from step 0</source>
        <translation>本次训练用 torch.optim.SGD 或 Adam，设置项与训练面板相同：训练从第 0 步重新开始</translation>
    </message>
    <message>
        <source>Optimiser</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Optimiser:</source>
        <translation>优化器：</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::FitSession</name>
    <message>
        <source>The run stored with the session could not be taken over (%1): it is computed again from step 0.</source>
        <translation>无法接管与会话一同保存的运行（%1）：将从第 0 步重新计算。</translation>
    </message>
    <message>
        <source>The text is empty.</source>
        <translation>文本为空。</translation>
    </message>
    <message numerus="yes">
        <source>The text has %n character(s): a run needs at least %1 (a context of %2 and the one to guess).</source>
        <translation>
            <numerusform>文本只有 %n 个字符：一次训练至少需要 %1 个（%2 个上下文加一个要预测的字符）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The text has %n GPT-2 token(s): a run needs at least %1 (a context of %2 and the one to guess).</source>
        <translation>
            <numerusform>文本只有 %n 个 GPT-2 词元：一次训练至少需要 %1 个（%2 个上下文加一个要预测的词元）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The text has %n token(s) of %3: a run needs at least %1 (a context of %2 and the one to guess).</source>
        <translation>
            <numerusform>文本有 %n 个 %3 词元：一次运行至少需要 %1 个（%2 个作为上下文，再加一个待猜测）。</numerusform>
        </translation>
    </message>
    <message>
        <source>characters</source>
        <translation>字符</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::FitWeightsView</name>
    <message>
        <source>Neighbours of</source>
        <translation>近邻查询词元</translation>
    </message>
    <message>
        <source>The token whose nearest rows of emb.weight, by cosine, are listed beside the heatmaps; clicking a row of a heatmap chooses it too</source>
        <translation>按余弦相似度在热图旁列出此词元在 emb.weight 中最近的行；点击热图中的某一行也会选择它</translation>
    </message>
    <message>
        <source>&amp;Neighbours of:</source>
        <translation>近邻(&amp;N)：</translation>
    </message>
    <message>
        <source>Nearest tokens by cosine</source>
        <translation>按余弦最近的词元</translation>
    </message>
    <message>
        <source>token %1 (id %2)</source>
        <translation>词元 %1（id %2）</translation>
    </message>
    <message>
        <source>Step 0: the rows as nn.Embedding drew them.</source>
        <translation>第 0 步：各行是 nn.Embedding 随机抽取的值。</translation>
    </message>
    <message>
        <source>only the rows looked up have a gradient (sparse)</source>
        <translation>只有被查找的行有梯度（稀疏）</translation>
    </message>
    <message>
        <source>tied: the head's gradient reaches every row</source>
        <translation>已绑定：head 的梯度到达每一行</translation>
    </message>
    <message>
        <source>Adam's moments move rows seen before</source>
        <translation>Adam 的矩继续移动之前见过的行</translation>
    </message>
    <message>
        <source>weight_decay pulls every row</source>
        <translation>weight_decay 拉动每一行</translation>
    </message>
    <message>
        <source>Step %1 changed %2 of %3 rows (bright): %4.</source>
        <translation>第 %1 步改变了 %3 行中的 %2 行（亮色）：%4。</translation>
    </message>
    <message>
        <source>; </source>
        <comment>between the reasons rows changed</comment>
        <translation>；</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::FocusMode</name>
    <message>
        <source>Esc: back to all panels</source>
        <translation>Esc：返回所有面板</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::HeatmapView</name>
    <message>
        <source>Building overview…</source>
        <translation>正在生成概览…</translation>
    </message>
    <message>
        <source>empty matrix: %1 x %2</source>
        <translation>空矩阵：%1 x %2</translation>
    </message>
    <message>
        <source>No matrix</source>
        <translation>没有矩阵</translation>
    </message>
    <message>
        <source>Colour map</source>
        <translation>配色方案</translation>
    </message>
    <message>
        <source>Zoomed-out pixels show</source>
        <translation>缩小时每个像素显示</translation>
    </message>
    <message>
        <source>%1 per block</source>
        <translation>每块的%1</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Whole matrix</source>
        <translation>整个矩阵</translation>
    </message>
    <message>
        <source>token %1</source>
        <translation>token %1</translation>
    </message>
    <message>
        <source>%1 rows × %2 columns</source>
        <translation>%1 行 × %2 列</translation>
    </message>
    <message>
        <source>, row %1 selected</source>
        <translation>，已选中第 %1 行</translation>
    </message>
    <message>
        <source>, no row selected</source>
        <translation>，未选中任何行</translation>
    </message>
    <message>
        <source>; colour map %1 from -%2 (low) through 0 to %2 (high)</source>
        <translation>；配色方案 %1，从 -%2（低）经 0 到 %2（高）</translation>
    </message>
    <message>
        <source>Weight heatmap</source>
        <translation>权重热力图</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::HistogramBinning</name>
    <message>
        <source>Normal(%1, %2)</source>
        <translation>Normal(%1, %2)</translation>
    </message>
    <message>
        <source>Uniform(±%1)</source>
        <translation>Uniform(±%1)</translation>
    </message>
    <message>
        <source>Uniform(%1, %2)</source>
        <translation>Uniform(%1, %2)</translation>
    </message>
    <message>
        <source>Truncated normal on [%1, %2]</source>
        <translation>[%1, %2] 上的截断正态分布</translation>
    </message>
    <message>
        <source>Constant(%1)</source>
        <translation>常数(%1)</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::IdsEntry</name>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>Type text instead of ids: the model's tokenizer turns it into token ids. Text in double quotes ("Hello world") is read as text in either mode.</source>
        <translation>输入文本而不是 id：模型的分词器会把它转换成 token id。写在双引号中的文本（"Hello world"）在两种模式下都按文本读取。</translation>
    </message>
    <message>
        <source>Token ids: a list (2, 3, 1) or a 2-D batch ([[2, 3], [1, 0]]). Each id picks one row of embedding.weight.</source>
        <translation>token id：一个列表 (2, 3, 1) 或一个二维批次 ([[2, 3], [1, 0]])。每个 id 选取 embedding.weight 的一行。</translation>
    </message>
    <message>
        <source>text, e.g. Hello world</source>
        <translation>文本，例如 Hello world</translation>
    </message>
    <message>
        <source>token ids, e.g. 2, 3, 1 or [[2, 3], [1, 0]]</source>
        <translation>token id，例如 2, 3, 1 或 [[2, 3], [1, 0]]</translation>
    </message>
    <message>
        <source>Text cannot be typed: its tokens label the rows, but EmbedLab does not encode with this tokenizer (%1)</source>
        <translation>无法输入文本：它的 token 用来标注各行，但 EmbedLab 不能用这个分词器编码（%1）</translation>
    </message>
    <message numerus="yes">
        <source>%n token id(s): %1</source>
        <translation>
            <numerusform>%n 个词元 id：%1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>embedlab::ui::InitHistogram</name>
    <message>
        <source>%1 (empty: 0 elements, every count is 0)</source>
        <translation>%1（空：0 个元素，每个计数都是 0）</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>均值</translation>
    </message>
    <message>
        <source>std</source>
        <translation>标准差</translation>
    </message>
    <message>
        <source>min</source>
        <translation>最小值</translation>
    </message>
    <message>
        <source>max</source>
        <translation>最大值</translation>
    </message>
    <message>
        <source>elements</source>
        <translation>元素数</translation>
    </message>
    <message>
        <source>Compare Embedding and Linear</source>
        <translation>比较 Embedding 与 Linear</translation>
    </message>
    <message>
        <source>Overlay nn.Embedding's Normal(0, 1) and nn.Linear's Kaiming-uniform weights</source>
        <translation>叠加显示 nn.Embedding 的 Normal(0, 1) 权重和 nn.Linear 的 Kaiming 均匀分布权重</translation>
    </message>
    <message>
        <source>&amp;Bins:</source>
        <translation>分箱数(&amp;B)：</translation>
    </message>
    <message>
        <source>&amp;Range:</source>
        <translation>范围(&amp;R)：</translation>
    </message>
    <message>
        <source>Auto (data min to max)</source>
        <translation>自动：最小值到最大值</translation>
    </message>
    <message>
        <source>Symmetric around 0</source>
        <translation>关于 0 对称</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>自定义</translation>
    </message>
    <message>
        <source>Lower end of the binned interval (torch.histc's min)</source>
        <translation>分箱区间的下限（torch.histc 的 min）</translation>
    </message>
    <message>
        <source>Upper end of the binned interval (torch.histc's max)</source>
        <translation>分箱区间的上限（torch.histc 的 max）</translation>
    </message>
    <message>
        <source>Lo&amp;g counts</source>
        <translation>对数计数(&amp;G)</translation>
    </message>
    <message>
        <source>Show log10(1 + count), so tails and a narrow peak fit on one chart</source>
        <translation>显示 log10(1 + count)，使尾部和窄峰能显示在同一张图上</translation>
    </message>
    <message>
        <source>weight value</source>
        <translation>权重值</translation>
    </message>
    <message>
        <source>Binning…</source>
        <translation>正在分箱…</translation>
    </message>
    <message>
        <source>%1 density</source>
        <translation>%1 密度</translation>
    </message>
    <message>
        <source> vs </source>
        <translation> 对比 </translation>
    </message>
    <message>
        <source>log10(1 + count)</source>
        <translation>log10(1 + count)</translation>
    </message>
    <message>
        <source>count</source>
        <translation>计数</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a tensor's name and a note on it</comment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>log count</source>
        <comment>short axis title</comment>
        <translation>log 计数</translation>
    </message>
    <message>
        <source>expected: %1</source>
        <translation>理论值：%1</translation>
    </message>
    <message>
        <source>expected</source>
        <translation>理论值</translation>
    </message>
    <message>
        <source>distinct</source>
        <translation>不同值</translation>
    </message>
    <message>
        <source>How many different values the tensor holds (numpy.unique(w).size)</source>
        <translation>张量中有多少个不同的值（numpy.unique(w).size）</translation>
    </message>
    <message>
        <source>Counting the distinct values…</source>
        <translation>正在统计不同的值…</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>统计量</translation>
    </message>
    <message>
        <source>%1: %2 elements in %3 bins from %4 to %5; mean %6, std %7, min %8, max %9</source>
        <translation>%1：%2 个元素，分为 %3 个区间，从 %4 到 %5；均值 %6，标准差 %7，最小值 %8，最大值 %9</translation>
    </message>
    <message>
        <source>Histogram of %1</source>
        <translation>%1 的直方图</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::InitPanel</name>
    <message>
        <source>&amp;Initialiser:</source>
        <translation>初始化器(&amp;I)：</translation>
    </message>
    <message>
        <source>Appl&amp;y to:</source>
        <translation>应用于(&amp;Y)：</translation>
    </message>
    <message>
        <source>torch.manual_seed</source>
        <translation>torch.manual_seed</translation>
    </message>
    <message>
        <source>Reseed the generator first, so the same initialiser gives the same values</source>
        <translation>先重新设置生成器的种子，使同一初始化器得到相同的值</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>种子(&amp;S)：</translation>
    </message>
    <message>
        <source>Layer defaults:</source>
        <translation>层的默认值：</translation>
    </message>
    <message>
        <source>nn.Embedding</source>
        <translation>nn.Embedding</translation>
    </message>
    <message>
        <source>Embedding.reset_parameters(): normal_(weight) = Normal(0, 1)</source>
        <translation>Embedding.reset_parameters()：normal_(weight) = Normal(0, 1)</translation>
    </message>
    <message>
        <source>nn.Linear</source>
        <translation>nn.Linear</translation>
    </message>
    <message>
        <source>Linear.reset_parameters(): kaiming_uniform_(weight, a=math.sqrt(5)) = Uniform(-1/sqrt(in_features), 1/sqrt(in_features))</source>
        <translation>Linear.reset_parameters()：kaiming_uniform_(weight, a=math.sqrt(5)) = Uniform(-1/sqrt(in_features), 1/sqrt(in_features))</translation>
    </message>
    <message>
        <source>&amp;Live</source>
        <translation>实时(&amp;L)</translation>
    </message>
    <message>
        <source>Re-initialise while you edit</source>
        <translation>编辑时即时重新初始化</translation>
    </message>
    <message>
        <source>A&amp;pply</source>
        <translation>应用(&amp;P)</translation>
    </message>
    <message>
        <source>No arguments besides the tensor.</source>
        <translation>除张量外没有其他参数。</translation>
    </message>
    <message>
        <source>required</source>
        <translation>必填</translation>
    </message>
    <message>
        <source>Any Python float: 0.02, 1e-3, -inf</source>
        <translation>任意 Python 浮点数：0.02、1e-3、-inf</translation>
    </message>
    <message>
        <source>%1 from %2 to %3</source>
        <translation>%1 从 %2 到 %3</translation>
    </message>
    <message>
        <source>enter a seed</source>
        <translation>输入种子</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::Lab</name>
    <message>
        <source>lm_head's own %1 values were dropped; it now shows embedding.weight (one storage)</source>
        <translation>lm_head 自己的 %1 个值已被丢弃；它现在显示 embedding.weight（同一存储）</translation>
    </message>
    <message>
        <source>lm_head.weight has its own storage again, a copy of embedding.weight</source>
        <translation>lm_head.weight 重新拥有自己的存储，是 embedding.weight 的副本</translation>
    </message>
    <message>
        <source>lm_head.weight has its own storage again, re-initialised by reset_parameters()</source>
        <translation>lm_head.weight 重新拥有自己的存储，并由 reset_parameters() 重新初始化</translation>
    </message>
    <message>
        <source>Enter at least one token id, e.g. 2, 3, 1</source>
        <translation>请至少输入一个 token id，例如 2, 3, 1</translation>
    </message>
    <message>
        <source>%1 is not a 2-D matrix: only a [V, D] tensor can be a weight.</source>
        <translation>%1 不是二维矩阵：只有 [V, D] 张量才能作为权重。</translation>
    </message>
    <message>
        <source>Undo skipped: that step changed Embedding(%1, %2)%3, but the model is now Embedding(%4, %5)%6, replaced outside the undo history (by a lesson step).</source>
        <translation>已跳过撤销：该步骤修改的是 Embedding(%1, %2)%3，但模型现在是 Embedding(%4, %5)%6，它已在撤销历史之外（由课程的某一步）被替换。</translation>
    </message>
    <message>
        <source> with lm_head.bias</source>
        <translation>（含 lm_head.bias）</translation>
    </message>
    <message>
        <source>Undo skipped: lm_head.weight was untied when that step was taken and has been tied outside the undo history since (by a lesson step).</source>
        <translation>已跳过撤销：执行该步骤时 lm_head.weight 尚未绑定，此后它在撤销历史之外（由课程的某一步）被绑定。</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::LabScheduler</name>
    <message>
        <source>Building Embedding(%1, %2) and Linear(%2, %1) ...</source>
        <translation>正在构建 Embedding(%1, %2) 和 Linear(%2, %1) ...</translation>
    </message>
    <message>
        <source>Computing embedding(ids) and one_hot(ids) @ weight ...</source>
        <translation>正在计算 embedding(ids) 和 one_hot(ids) @ weight ...</translation>
    </message>
    <message>
        <source>Running torch.nn.init.%1_ on %2 ...</source>
        <translation>正在对 %2 运行 torch.nn.init.%1_ ...</translation>
    </message>
    <message>
        <source>%1 changed while it was being initialised; apply again.</source>
        <translation>%1 在初始化过程中发生了变化；请重新应用。</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::LabTraining</name>
    <message>
        <source>This training step needs %1 more memory (gradients %2, optimizer state %3, logits %4, working copy %5) but only %6 is available: it was not run.</source>
        <translation>此训练步骤还需要 %1 内存（梯度 %2，优化器状态 %3，logits %4，工作副本 %5），但只有 %6 可用：未执行该步骤。</translation>
    </message>
    <message>
        <source>Training waits until the current computation has finished.</source>
        <translation>训练会等待当前计算完成后再进行。</translation>
    </message>
    <message>
        <source>targets must have the same shape as ids (ids %1, targets %2): targets[k] is the token that should follow ids[k]. (PyTorch would accept this after .view(-1), pairing them in flattened order.)</source>
        <translation>targets 的形状必须与 ids 相同（ids %1，targets %2）：targets[k] 是应当跟在 ids[k] 之后的 token。（PyTorch 在 .view(-1) 之后会接受，并按展平后的顺序配对。）</translation>
    </message>
    <message>
        <source>Training step on %1 weights ...</source>
        <translation>正在对 %1 个权重执行训练步骤 ...</translation>
    </message>
    <message>
        <source>This training step ran out of memory: it was not run.</source>
        <translation>此训练步骤内存不足：未执行。</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::LabUndo</name>
    <message>
        <source>%1 (cannot be undone: over the undo memory budget)</source>
        <translation>%1（无法撤销：超出撤销内存预算）</translation>
    </message>
    <message>
        <source>Training step (loss %1)</source>
        <translation>训练步骤（loss %1）</translation>
    </message>
    <message>
        <source>Older undo steps were dropped to keep undo memory under %1.</source>
        <translation>为使撤销占用的内存低于 %1，较早的撤销步骤已被丢弃。</translation>
    </message>
    <message>
        <source>Edit ids</source>
        <translation>编辑 ids</translation>
    </message>
    <message>
        <source>Init %1</source>
        <translation>初始化 %1</translation>
    </message>
    <message>
        <source>Tie lm_head.weight = embedding.weight</source>
        <translation>绑定 lm_head.weight = embedding.weight</translation>
    </message>
    <message>
        <source>Untie lm_head (keep the values)</source>
        <translation>解除 lm_head 绑定（保留数值）</translation>
    </message>
    <message>
        <source>Untie lm_head (re-initialise)</source>
        <translation>解除 lm_head 绑定（重新初始化）</translation>
    </message>
    <message>
        <source>Load %1 from %2</source>
        <translation>从 %2 加载 %1</translation>
    </message>
    <message>
        <source>GPT-2 small preset</source>
        <translation>GPT-2 small 预设</translation>
    </message>
    <message>
        <source>Reference example preset</source>
        <translation>参考示例预设</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::LayerPanel</name>
    <message>
        <source>%1 bytes (float32)</source>
        <translation>%1 字节（float32）</translation>
    </message>
    <message>
        <source>%1 = %2 MB = %3 MiB</source>
        <translation>%1 = %2 MB = %3 MiB</translation>
    </message>
    <message>
        <source>Reference example</source>
        <translation>参考示例</translation>
    </message>
    <message>
        <source>torch.manual_seed(123), Embedding(4, 5), ids [2, 3, 1], as in the documents</source>
        <translation>torch.manual_seed(123)、Embedding(4, 5)、ids [2, 3, 1]，与文档中相同</translation>
    </message>
    <message>
        <source>GPT-2 small</source>
        <translation>GPT-2 small</translation>
    </message>
    <message>
        <source>wte = Embedding(50257, 768), lm_head = Linear(768, 50257, bias=False), tied</source>
        <translation>wte = Embedding(50257, 768)，lm_head = Linear(768, 50257, bias=False)，已绑定</translation>
    </message>
    <message>
        <source>torch.manual_seed(seed) runs before the constructors draw their weights</source>
        <translation>torch.manual_seed(seed) 在构造函数抽取权重之前运行</translation>
    </message>
    <message>
        <source>Vocabulary size V: one row per token id</source>
        <translation>词表大小 V：每个 token id 一行</translation>
    </message>
    <message>
        <source>Embedding size D: the length of each row</source>
        <translation>嵌入维度 D：每行的长度</translation>
    </message>
    <message>
        <source>padding_idx: that row starts at zero and never gets a gradient</source>
        <translation>padding_idx：该行初始为零，且永远不会得到梯度</translation>
    </message>
    <message>
        <source>max_norm: looked-up rows longer than this are rescaled in place</source>
        <translation>max_norm：被查找的行若范数超过此值，会被原地缩放</translation>
    </message>
    <message>
        <source>lm_head maps an embedding (D values) back to one score per token (V)</source>
        <translation>lm_head 将一个嵌入（D 个值）映射回每个 token 一个分数（V 个）</translation>
    </message>
    <message>
        <source>bias: adds a learnable vector [out_features]; GPT-2's lm_head has none</source>
        <translation>bias：加上一个可学习的向量 [out_features]；GPT-2 的 lm_head 没有 bias</translation>
    </message>
    <message>
        <source>Weight tying: both layers share one storage, as in GPT-2. Possible because both weights have the same shape [V, D].</source>
        <translation>权重绑定：两层共享同一存储，与 GPT-2 相同。之所以可行，是因为两个权重的形状都是 [V, D]。</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>The same shape as embedding.weight although the arguments come in the opposite order: Linear stores [out_features, in_features].</source>
        <translation>尽管参数顺序相反，形状却与 embedding.weight 相同：Linear 存储的是 [out_features, in_features]。</translation>
    </message>
    <message>
        <source> (lm_head.weight is the same storage, counted once)</source>
        <translation>（lm_head.weight 是同一存储，只计一次）</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; parameters&lt;br&gt;%2&lt;br&gt;%3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; 个参数&lt;br&gt;%2&lt;br&gt;%3</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::Lesson</name>
    <message>
        <source>1. Two constructors, opposite orders</source>
        <translation>1. 两个构造函数，参数顺序相反</translation>
    </message>
    <message>
        <source>nn.Embedding(num_embeddings, embedding_dim) takes the vocabulary first; nn.Linear(in_features, out_features) takes the input size first. Swapping them is the most common confusion between the two layers.</source>
        <translation>nn.Embedding(num_embeddings, embedding_dim) 先写词表大小；nn.Linear(in_features, out_features) 先写输入维度。把两者的顺序弄反，是这两个层之间最常见的混淆。</translation>
    </message>
    <message>
        <source>2. The same weight shape</source>
        <translation>2. 相同的权重形状</translation>
    </message>
    <message>
        <source>Embedding(4, 5).weight has shape [4, 5]: one row per token. Linear stores its weight as [out_features, in_features], so Linear(5, 4).weight is also [4, 5]. Both are plain nn.Parameter matrices.</source>
        <translation>Embedding(4, 5).weight 的形状是 [4, 5]：每个 token 一行。Linear 以 [out_features, in_features] 存储权重，所以 Linear(5, 4).weight 也是 [4, 5]。两者都只是普通的 nn.Parameter 矩阵。</translation>
    </message>
    <message>
        <source>3. The lookup</source>
        <translation>3. 查表</translation>
    </message>
    <message>
        <source>embedding(torch.tensor([2, 3, 1])) returns rows 2, 3 and 1 of the weight, in that order. Nothing is computed: the rows are copied.</source>
        <translation>embedding(torch.tensor([2, 3, 1])) 按顺序返回权重的第 2、3、1 行。这里没有任何计算：只是复制这些行。</translation>
    </message>
    <message>
        <source>4. One-hot times the weight</source>
        <translation>4. one-hot 乘以权重</translation>
    </message>
    <message>
        <source>5. The same result</source>
        <translation>5. 相同的结果</translation>
    </message>
    <message>
        <source>A Linear(4, 5, bias=False) whose weight is embedding.weight.T gives exactly the same output for the one-hot vectors as the embedding gives for the ids: the badge says they are equal, bit for bit.</source>
        <translation>权重为 embedding.weight.T 的 Linear(4, 5, bias=False) 对 one-hot 向量的输出，与 embedding 对 ids 的输出完全相同：标记显示它们逐位相等。</translation>
    </message>
    <message>
        <source>6. The cost</source>
        <translation>6. 计算代价</translation>
    </message>
    <message>
        <source>The one-hot path does num_embeddings x embedding_dim multiply-adds per token, almost all of them by zero; the lookup copies embedding_dim values. For GPT-2 (50257 x 768) that is 38.6 million multiply-adds against 768 copies per token.</source>
        <translation>one-hot 路径对每个 token 做 num_embeddings x embedding_dim 次乘加，几乎全是乘以零；查表只复制 embedding_dim 个值。对 GPT-2（50257 x 768）来说，每个 token 是 3860 万次乘加对 768 次复制。</translation>
    </message>
    <message>
        <source>7. Two default initialisations</source>
        <translation>7. 两种默认初始化</translation>
    </message>
    <message>
        <source>nn.Embedding draws its weight from Normal(0, 1). nn.Linear uses kaiming_uniform_(a=sqrt(5)): Uniform(-1/sqrt(in_features), 1/sqrt(in_features)). Same shape, very different scales.</source>
        <translation>nn.Embedding 的权重从 Normal(0, 1) 中抽取。nn.Linear 使用 kaiming_uniform_(a=sqrt(5))：Uniform(-1/sqrt(in_features), 1/sqrt(in_features))。形状相同，尺度却大不相同。</translation>
    </message>
    <message>
        <source>8. Weight tying</source>
        <translation>8. 权重绑定</translation>
    </message>
    <message>
        <source>lm_head.weight = embedding.weight makes both layers use one storage, as GPT-2 does: the output layer scores a hidden vector h against every token's embedding (h @ W.T). It saves 38.6 million parameters in GPT-2 small.</source>
        <translation>lm_head.weight = embedding.weight 让两层使用同一存储，GPT-2 就是这样做的：输出层用隐藏向量 h 与每个 token 的嵌入打分（h @ W.T）。在 GPT-2 small 中这节省了 3860 万个参数。</translation>
    </message>
    <message>
        <source>9. Gradients</source>
        <translation>9. 梯度</translation>
    </message>
    <message>
        <source>10. Common pitfalls</source>
        <translation>10. 常见陷阱</translation>
    </message>
    <message>
        <source>Ids must be integers in [0, num_embeddings): id 4 in an Embedding(4, 5) raises "IndexError: index out of range in self". The padding_idx row starts at zero and never gets a gradient. Swapped Linear arguments give the transposed shape.</source>
        <translation>ids 必须是 [0, num_embeddings) 内的整数：在 Embedding(4, 5) 中使用 id 4 会引发 "IndexError: index out of range in self"。padding_idx 所在行初始为零，且永远得不到梯度。Linear 参数写反会得到转置的形状。</translation>
    </message>
    <message>
        <source>In GPT-2, a token is not always a character:</source>
        <translation>在 GPT-2 中，一个 token 不一定是一个字符：</translation>
    </message>
    <message>
        <source>The Training panel trains the next-token task on the ids: inputs [2, 3], targets [3, 1]. Only the looked-up rows of an embedding, 2 and 3, get a non-zero gradient (stored dense unless sparse=True). With plain SGD only those rows change; momentum, Adam and weight decay can change the others too.</source>
        <translation>训练面板用这些 id 训练下一个 token 预测：inputs [2, 3]，targets [3, 1]。只有 embedding 中被查到的行（2 和 3）得到非零梯度（除非 sparse=True，否则以稠密形式存储）。使用普通 SGD 时只有这些行会变化；动量、Adam 和权重衰减也可能改变其他行。</translation>
    </message>
    <message>
        <source>one_hot(2) is [0, 0, 1, 0]. Multiplying it by the weight sums every row times 0 or 1, which leaves row 2. Press Right to step through the animation; PageDown goes on to the next step.</source>
        <translation>one_hot(2) 是 [0, 0, 1, 0]。用它乘以权重，就是把每一行乘以 0 或 1 后相加，结果只剩下第 2 行。按 → 逐步播放动画；按 PageDown 进入下一步。</translation>
    </message>
    <message>
        <source>11. Watch it learn</source>
        <translation>11. 看它学习</translation>
    </message>
    <message>
        <source>A tiny language model, an Embedding and a tied Linear, is about to learn from a short text about kings and queens, fruit and weekdays. Its rows start random: the map shows the text's most frequent tokens scattered. Which ones will end up near each other? Guess, then press Run and watch the loss fall and the map move.</source>
        <translation>一个很小的语言模型（一个 Embedding 和一个绑定权重的 Linear）即将从一段关于国王与王后、水果和星期的短文中学习。它的各行一开始是随机的：地图上，文本中最常见的词元散落各处。哪些词元最终会彼此靠近？先猜一猜，然后按“运行”，看损失下降、地图移动。</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::LessonController</name>
    <message>
        <source>Guided Lesson</source>
        <translation>引导课程</translation>
    </message>
    <message>
        <source>Lesson step %1: %2</source>
        <translation>课程第 %1 步：%2</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::LessonPanel</name>
    <message>
        <source>← Previous</source>
        <translation>← 上一步</translation>
    </message>
    <message>
        <source>Next →</source>
        <translation>下一步 →</translation>
    </message>
    <message>
        <source>End Lesson</source>
        <translation>结束课程</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>第 %1 步，共 %2 步</translation>
    </message>
    <message>
        <source>Resume at step %1</source>
        <translation>从第 %1 步继续</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::LookupArea</name>
    <message>
        <source>batch 32 × 512</source>
        <translation>批次 32 × 512</translation>
    </message>
    <message>
        <source>Count a training batch of 32 sequences of 512 tokens instead of the ids</source>
        <translation>按一个包含 32 个序列、每个 512 个 token 的训练批次计数，而不是按 ids</translation>
    </message>
    <message>
        <source>&lt;span style="background:%1;color:black;"&gt;&amp;nbsp;⚠ out of date&amp;nbsp;&lt;/span&gt;</source>
        <translation>&lt;span style="background:%1;color:black;"&gt;&amp;nbsp;⚠ 未更新&amp;nbsp;&lt;/span&gt;</translation>
    </message>
    <message>
        <source>The views still show ids = %1: correct the entry to update them.</source>
        <translation>视图仍显示 ids = %1：请更正输入以更新视图。</translation>
    </message>
    <message>
        <source>&lt;span style="background:%1;color:white;"&gt;&amp;nbsp;✓ equal&amp;nbsp;&lt;/span&gt;</source>
        <translation>&lt;span style="background:%1;color:white;"&gt;&amp;nbsp;✓ 相等&amp;nbsp;&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;span style="background:%1;color:white;"&gt;&amp;nbsp;✗ differ&amp;nbsp;&lt;/span&gt;</source>
        <translation>&lt;span style="background:%1;color:white;"&gt;&amp;nbsp;✗ 不同&amp;nbsp;&lt;/span&gt;</translation>
    </message>
    <message>
        <source>embedding(ids), embedding.weight[ids], one_hot(ids).float() @ embedding.weight and the Linear on one_hot(ids) gave bitwise identical results</source>
        <translation>embedding(ids)、embedding.weight[ids]、one_hot(ids).float() @ embedding.weight 以及作用于 one_hot(ids) 的 Linear 给出了逐位相同的结果</translation>
    </message>
    <message>
        <source>The four paths did not give bitwise identical results (a NaN never equals itself)</source>
        <translation>四条路径的结果并非逐位相同（NaN 永远不等于它自身）</translation>
    </message>
    <message>
        <source>32 × 512 = %1</source>
        <translation>32 × 512 = %1</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1 id(s)&lt;/b&gt;: the one-hot path does &lt;b&gt;%2&lt;/b&gt; multiply-adds, %3 of them multiplications by zero (%4 %) &amp;nbsp;·&amp;nbsp; the lookup copies &lt;b&gt;%5&lt;/b&gt; values (%6 bytes read) and multiplies nothing</source>
        <translation>
            <numerusform>&lt;b&gt;%1 个 id&lt;/b&gt;：one-hot 路径做 &lt;b&gt;%2&lt;/b&gt; 次乘加，其中 %3 次是乘以零（%4 %）&amp;nbsp;·&amp;nbsp; 查表复制 &lt;b&gt;%5&lt;/b&gt; 个值（读取 %6 字节），不做任何乘法</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>embedlab::ui::LossChart</name>
    <message>
        <source>Loss curve</source>
        <translation>损失曲线</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>ln V: a uniform guess</source>
        <translation>ln V：均匀猜测</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>No steps yet.</source>
        <translation>还没有任何步。</translation>
    </message>
    <message>
        <source>%1: no steps yet.</source>
        <translation>%1：还没有任何步。</translation>
    </message>
    <message>
        <source>%1: %2 steps, %3 at step 1, %4 at step %5, lowest %6 at step %7.</source>
        <translation>%1：%2 步，第 1 步为 %3，第 %5 步为 %4，最低 %6 在第 %7 步。</translation>
    </message>
    <message>
        <source>Step shown: %1, loss %2.</source>
        <translation>显示的步：%1，损失 %2。</translation>
    </message>
    <message>
        <source>A uniform guess loses ln V = %1.</source>
        <translation>均匀猜测的损失为 ln V = %1。</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::MainWindow</name>
    <message>
        <source>EmbedLab — nn.Embedding and nn.Linear, one weight matrix</source>
        <translation>EmbedLab — nn.Embedding 与 nn.Linear，同一个权重矩阵</translation>
    </message>
    <message>
        <source>Open Weights</source>
        <translation>打开权重</translation>
    </message>
    <message>
        <source>Weight files (*.npy *.safetensors *.gguf);;PyTorch pickles (*.pt *.pth *.bin);;All files (*)</source>
        <translation>权重文件 (*.npy *.safetensors *.gguf);;PyTorch pickle 文件 (*.pt *.pth *.bin);;所有文件 (*)</translation>
    </message>
    <message>
        <source>lm_head cannot be tied</source>
        <translation>无法绑定 lm_head</translation>
    </message>
    <message>
        <source>The model could not be built</source>
        <translation>无法构建模型</translation>
    </message>
    <message>
        <source>Row %1 of embedding.weight is the embedding of token id %1</source>
        <translation>embedding.weight 的第 %1 行就是 token id %1 的嵌入</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::NeighbourSearch</name>
    <message>
        <source>Row %1 is not a row of embedding.weight (0 to %2).</source>
        <translation>%1 不是 embedding.weight 的行（0 到 %2）。</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::NeighboursPanel</name>
    <message>
        <source>token or row id, e.g. Hello or 15496</source>
        <translation>token 或行 id，例如 Hello 或 15496</translation>
    </message>
    <message>
        <source>Click a row of the heatmap or search a token.</source>
        <translation>点击热图中的一行，或搜索一个 token。</translation>
    </message>
    <message>
        <source>cosine</source>
        <translation>余弦</translation>
    </message>
    <message>
        <source>Rows most like row %1, by cosine similarity:</source>
        <translation>按余弦相似度与第 %1 行最相似的行：</translation>
    </message>
    <message>
        <source>Rows most like row %1 (%2), by cosine similarity:</source>
        <translation>按余弦相似度与第 %1 行（%2）最相似的行：</translation>
    </message>
    <message>
        <source>top </source>
        <translation>前 </translation>
    </message>
    <message>
        <source>id</source>
        <translation>id</translation>
    </message>
    <message>
        <source>token</source>
        <translation>token</translation>
    </message>
    <message>
        <source>Open trained weights…</source>
        <translation>打开训练过的权重…</translation>
    </message>
    <message>
        <source>File &gt; Open Weights: a trained checkpoint's embedding (.safetensors, GGUF, .npy), whose neighbours mean something</source>
        <translation>文件 &gt; 打开权重：训练过的检查点的 embedding（.safetensors、GGUF、.npy），它的近邻才有意义</translation>
    </message>
    <message>
        <source>Untrained: seeded %1; neighbours of random rows mean nothing.</source>
        <translation>未训练：固定种子的 %1；随机行的近邻没有任何意义。</translation>
    </message>
    <message>
        <source>Neighbours</source>
        <translation>近邻</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::OneHotView</name>
    <message>
        <source>Space: play/pause, Right/PageDown: step forward, Left/PageUp: step back, Home: restart</source>
        <translation>空格：播放/暂停，→/PageDown：下一步，←/PageUp：上一步，Home：重新开始</translation>
    </message>
    <message>
        <source>The ids do not fit Embedding(%1, ...): %2</source>
        <translation>ids 不适用于 Embedding(%1, ...)：%2</translation>
    </message>
    <message>
        <source>Computing both paths ...</source>
        <translation>正在计算两条路径 ...</translation>
    </message>
    <message>
        <source>Both paths produced the same %1 rows, bit for bit (computed, not assumed): the one-hot product did %2 multiply-adds, the lookup none.</source>
        <translation>两条路径得到了逐位相同的 %1 行（实际计算，而非假设）：one-hot 乘积做了 %2 次乘加，查表一次也没有。</translation>
    </message>
    <message>
        <source>The paths differ (computed bitwise): a NaN or Inf in the weight never equals itself.</source>
        <translation>两条路径的结果不同（逐位比较）：权重中的 NaN 或 Inf 永远不等于它自身。</translation>
    </message>
    <message>
        <source>one_hot(%1): %2 entries, all 0 except a single 1 at position %1.</source>
        <translation>one_hot(%1)：%2 个元素，除位置 %1 上的一个 1 外全为 0。</translation>
    </message>
    <message>
        <source>one_hot(%1) @ W: entry i multiplies row i of W. %2 rows are multiplied by 0 and fade; only row %1 is multiplied by 1.</source>
        <translation>one_hot(%1) @ W：第 i 个元素乘以 W 的第 i 行。%2 行乘以 0 后淡出；只有第 %1 行乘以 1。</translation>
    </message>
    <message>
        <source>Summing the products over the rows: the zero rows add nothing, the sum is exactly row %1 of W.</source>
        <translation>按行求和：全零的行不贡献任何值，和恰好是 W 的第 %1 行。</translation>
    </message>
    <message>
        <source>The sum lands in output[%1]: the embedding of token %2.</source>
        <translation>和被写入 output[%1]：即 token %2 的嵌入。</translation>
    </message>
    <message>
        <source>embedding(ids) reads W[%1] directly: %2 values copied, no multiplication at all.</source>
        <translation>embedding(ids) 直接读取 W[%1]：复制 %2 个值，没有任何乘法。</translation>
    </message>
    <message>
        <source>one-hot vector</source>
        <translation>one-hot 向量</translation>
    </message>
    <message>
        <source>multiply row by row</source>
        <translation>逐行相乘</translation>
    </message>
    <message>
        <source>sum the rows</source>
        <translation>各行求和</translation>
    </message>
    <message>
        <source>land in the output</source>
        <translation>写入输出</translation>
    </message>
    <message>
        <source>the lookup path</source>
        <translation>查表路径</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>Token %1 of %2 (id %3) · %4</source>
        <translation>第 %1 个 token，共 %2 个（id %3）· %4</translation>
    </message>
    <message>
        <source>All %1 tokens · %2</source>
        <translation>全部 %1 个 token · %2</translation>
    </message>
    <message>
        <source>drawn: 1 in %1 rows,</source>
        <translation>绘制：每 %1 行取 1 行，</translation>
    </message>
    <message>
        <source>1 in %1 cols</source>
        <translation>每 %1 列取 1 列</translation>
    </message>
    <message>
        <source>%1 zeros,</source>
        <translation>%1 个 0，</translation>
    </message>
    <message>
        <source>one 1</source>
        <translation>一个 1</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>%1 rows × 0</source>
        <translation>%1 行 × 0</translation>
    </message>
    <message>
        <source>lookup: W[%1] → output[%2], one step</source>
        <translation>查表：W[%1] → output[%2]，一步完成</translation>
    </message>
    <message>
        <source> · row %1 selected, not among the ids</source>
        <translation> · 已选中第 %1 行，不在 ids 中</translation>
    </message>
    <message>
        <source>one-hot @ W so far: %1 multiply-adds, %2 of them multiplications by zero</source>
        <translation>one-hot @ W 至今：%1 次乘加，其中 %2 次是乘以零</translation>
    </message>
    <message>
        <source>lookup W[i] so far: %1 values copied, no multiplication</source>
        <translation>查表 W[i] 至今：复制了 %1 个值，没有任何乘法</translation>
    </message>
    <message>
        <source>One-hot lookup animation</source>
        <translation>one-hot 查表动画</translation>
    </message>
    <message>
        <source>No ids to look up</source>
        <translation>没有要查找的 id</translation>
    </message>
    <message>
        <source>drawn: 1 in</source>
        <translation>绘制：每</translation>
    </message>
    <message>
        <source>%1 rows,</source>
        <translation>%1 行取 1 行，</translation>
    </message>
    <message>
        <source>zeros,</source>
        <translation>个 0，</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::OptimizerEditor</name>
    <message>
        <source>Optimiser</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>学习率</translation>
    </message>
    <message>
        <source>With momentum, rows looked up in earlier steps keep moving</source>
        <translation>有 momentum 时，之前步骤中查找过的行会继续变化</translation>
    </message>
    <message>
        <source>Dampening for momentum</source>
        <translation>momentum 的阻尼</translation>
    </message>
    <message>
        <source>L2 penalty: adds weight_decay * W to every row's gradient</source>
        <translation>L2 惩罚：给每一行的梯度加上 weight_decay * W</translation>
    </message>
    <message>
        <source>betas[0]: decay of exp_avg</source>
        <translation>betas[0]：exp_avg 的衰减系数</translation>
    </message>
    <message>
        <source>betas[1]: decay of exp_avg_sq</source>
        <translation>betas[1]：exp_avg_sq 的衰减系数</translation>
    </message>
    <message>
        <source>Added to the denominator</source>
        <translation>加到分母上</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::OwnTextDialog</name>
    <message>
        <source>Your Own Text</source>
        <translation>自己的文本</translation>
    </message>
    <message>
        <source>Paste or type the text to train on, or open a .txt file (UTF-8).</source>
        <translation>粘贴或输入要训练的文本，或打开一个 .txt 文件（UTF-8）。</translation>
    </message>
    <message>
        <source>Your own text</source>
        <translation>自己的文本</translation>
    </message>
    <message>
        <source>Paste a text here</source>
        <translation>在此粘贴文本</translation>
    </message>
    <message>
        <source>Why the text cannot be used</source>
        <translation>文本无法使用的原因</translation>
    </message>
    <message>
        <source>&amp;Open a .txt File...</source>
        <translation>打开 .txt 文件(&amp;O)...</translation>
    </message>
    <message>
        <source>Open a Text</source>
        <translation>打开文本</translation>
    </message>
    <message>
        <source>Text files (*.txt);;All files (*)</source>
        <translation>文本文件 (*.txt);;所有文件 (*)</translation>
    </message>
    <message>
        <source>%1 could not be opened: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not UTF-8 text: %2</source>
        <translation>%1 不是 UTF-8 文本：%2</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::ProjectionScatter</name>
    <message>
        <source>PCA of every row: first two components</source>
        <translation>所有行的 PCA：前两个主成分</translation>
    </message>
    <message>
        <source>PCA scatter of the neighbours</source>
        <translation>近邻的 PCA 散点图</translation>
    </message>
    <message>
        <source>No points yet</source>
        <translation>还没有点</translation>
    </message>
    <message>
        <source>%1 (id %2) at %3, %4</source>
        <translation>%1（id %2）位于 %3, %4</translation>
    </message>
    <message>
        <source>row %1 at %2, %3</source>
        <translation>第 %1 行 位于 %2, %3</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::ProjectorMode</name>
    <message>
        <source>PROJECTOR</source>
        <translation>投影模式</translation>
    </message>
    <message>
        <source>Projector mode is on (F5 switches it off)</source>
        <translation>投影模式已开启（按 F5 关闭）</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::SessionController</name>
    <message>
        <source>The Fit a Text run stored beside the session could not be read (%1): it is computed again from its settings.</source>
        <translation>无法读取会话旁保存的用文本训练的运行（%1）：将按其设置重新计算。</translation>
    </message>
    <message>
        <source>%1; the Fit a Text run is kept beside it, at step %2 of %3.</source>
        <translation>%1；用文本训练的运行保存在它旁边，位于第 %2 步（共 %3 步）。</translation>
    </message>
    <message>
        <source>Could not open '%1': the initialiser '%2' is invalid: %3</source>
        <translation>无法打开“%1”：初始化器“%2”无效：%3</translation>
    </message>
    <message>
        <source>Untitled session</source>
        <translation>未命名会话</translation>
    </message>
    <message>
        <source>%1[*] — EmbedLab</source>
        <translation>%1[*] — EmbedLab</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>No recent sessions</source>
        <translation>没有最近的会话</translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation>清除列表(&amp;C)</translation>
    </message>
    <message>
        <source>EmbedLab did not quit normally last time: the last state was restored.</source>
        <translation>EmbedLab 上次未正常退出：已恢复最后的状态。</translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>EmbedLab sessions (*.embedlab)</source>
        <translation>EmbedLab 会话 (*.embedlab)</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Save Session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>The session has changes that are not saved. Save them?</source>
        <translation>会话有未保存的更改。要保存吗？</translation>
    </message>
    <message>
        <source>Saved %1 (the weights are rebuilt from its seed and initialisers)</source>
        <translation>已保存 %1（权重由其种子和初始化器重新生成）</translation>
    </message>
    <message>
        <source>Saved %1 and, beside it, the values of %2 (%3 in .npy files): trained or loaded weights cannot be rebuilt from the seed</source>
        <translation>已保存 %1，并在其旁边保存了 %2 的值（%3，存于 .npy 文件）：训练过或加载的权重无法由种子重新生成</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::ShortenedFileNotice</name>
    <message>
        <source>“%1” became shorter on disk while EmbedLab was reading it. What the file no longer holds reads as zeros from now on; nothing you did is lost. Open the file again to see what it holds now.</source>
        <translation>“%1”在 EmbedLab 读取期间在磁盘上变短了。文件中已不存在的部分从现在起读作零；您所做的一切都没有丢失。请重新打开该文件以查看其当前内容。</translation>
    </message>
    <message>
        <source>A file changed on disk</source>
        <translation>文件在磁盘上已更改</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::SidePanels</name>
    <message>
        <source>Layers</source>
        <translation>层</translation>
    </message>
    <message>
        <source>PyTorch code</source>
        <translation>PyTorch 代码</translation>
    </message>
    <message>
        <source>Initialisers</source>
        <translation>初始化器</translation>
    </message>
    <message>
        <source>Histogram</source>
        <translation>直方图</translation>
    </message>
    <message>
        <source>&amp;Tensor:</source>
        <translation>张量(&amp;T)：</translation>
    </message>
    <message>
        <source>Unembedding</source>
        <translation>反嵌入</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Neighbours</source>
        <translation>近邻</translation>
    </message>
    <message>
        <source>Change layers</source>
        <translation>更改层</translation>
    </message>
    <message>
        <source>tied</source>
        <translation>已绑定</translation>
    </message>
    <message numerus="yes">
        <source>after %n training step(s)</source>
        <translation>
            <numerusform>经过 %n 个训练步骤</numerusform>
        </translation>
    </message>
    <message>
        <source>No row or token matches "%1".</source>
        <translation>没有与“%1”匹配的行或 token。</translation>
    </message>
    <message>
        <source>Computing the nearest rows ...</source>
        <translation>正在计算最近的行……</translation>
    </message>
    <message>
        <source>%1: at most %2 levels in each group of %3 values that share a scale</source>
        <translation>%1：每组 %3 个共用一个缩放因子的值中，最多 %2 个级别</translation>
    </message>
    <message>
        <source>Fit a Text</source>
        <translation>用文本训练</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::TensorPicker</name>
    <message>
        <source>Tensors in %1</source>
        <translation>%1 中的张量</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2): %3 tensors, %4 parameters once loaded. Any 2-D tensor [V, D] can be viewed as embedding.weight (Embedding(V, D)) or as lm_head.weight (Linear(D, V)).</source>
        <translation>&lt;b&gt;%1&lt;/b&gt;（%2）：%3 个张量，加载后共 %4 个参数。任何二维张量 [V, D] 都可以作为 embedding.weight（Embedding(V, D)）或 lm_head.weight（Linear(D, V)）查看。</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>dtype</source>
        <translation>dtype</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>形状</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Tie lm_head.weight to a loaded embedding (lm_head.weight = embedding.weight)</source>
        <translation>将 lm_head.weight 绑定到加载的 embedding（lm_head.weight = embedding.weight）</translation>
    </message>
    <message>
        <source>View as &amp;embedding.weight</source>
        <translation>作为 &amp;embedding.weight 查看</translation>
    </message>
    <message>
        <source>View as &amp;lm_head.weight</source>
        <translation>作为 &amp;lm_head.weight 查看</translation>
    </message>
    <message>
        <source>%1 is %2-D: a weight matrix is 2-D [V, D].</source>
        <translation>%1 是 %2 维的：权重矩阵必须是二维 [V, D]。</translation>
    </message>
    <message>
        <source>%1 is empty.</source>
        <translation>%1 为空。</translation>
    </message>
    <message>
        <source>%1 and %2 are one storage (tied).</source>
        <translation>%1 和 %2 是同一存储（已绑定）。</translation>
    </message>
    <message>
        <source>%1 and %2 hold identical values (tied when saved).</source>
        <translation>%1 和 %2 的值完全相同（保存时是绑定的）。</translation>
    </message>
    <message>
        <source>%1 is absent because it is tied: the model builds it as an alias of %2.</source>
        <translation>%1 不存在，因为它是绑定的：模型会将它构建为 %2 的别名。</translation>
    </message>
    <message>
        <source>Choose a 2-D tensor.</source>
        <translation>请选择一个二维张量。</translation>
    </message>
    <message>
        <source>Bits/weight</source>
        <translation>位/权重</translation>
    </message>
    <message>
        <source>Bits of the file each weight takes, the block's scales included</source>
        <translation>每个权重在文件中占用的位数，包括块的缩放因子</translation>
    </message>
    <message>
        <source>every %1 values share one scale and one minimum</source>
        <translation>每 %1 个值共用一个缩放因子和一个最小值</translation>
    </message>
    <message>
        <source>every %1 values share one scale</source>
        <translation>每 %1 个值共用一个缩放因子</translation>
    </message>
    <message>
        <source>&lt;b&gt;What is %1?&lt;/b&gt; The file cuts each row into blocks of %2 values; %3, and each value keeps only its level, one of %4. That is %5 bits per weight instead of 16 (bf16) or 32 (float32). &lt;b&gt;Kept:&lt;/b&gt; the sign and rough size of every value, so the heatmap, the tokens' neighbours and the rows that stand out look much the same. &lt;b&gt;Lost:&lt;/b&gt; the fine differences inside a group, which snap to its levels: the statistics table counts how few distinct values remain, and View &gt; Quantisation Blocks outlines the groups.</source>
        <translation>&lt;b&gt;什么是 %1？&lt;/b&gt;文件把每一行切成每块 %2 个值；%3，每个值只保留它的级别，共 %4 级之一。也就是每个权重 %5 位，而不是 16 位（bf16）或 32 位（float32）。&lt;b&gt;保留的：&lt;/b&gt;每个值的符号和大致大小，所以热力图、token 的近邻以及突出的行看起来几乎一样。&lt;b&gt;丢失的：&lt;/b&gt;一组之内的细微差别，它们被归到该组的级别上：统计表会数出还剩多少个不同的值，视图 &gt; 量化块会画出各组的边框。</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::TieController</name>
    <message>
        <source>Untie lm_head</source>
        <translation>解除 lm_head 绑定</translation>
    </message>
    <message>
        <source>lm_head.weight gets its own storage again. Which values should it start from?</source>
        <translation>lm_head.weight 将重新拥有自己的存储。它应从哪些值开始？</translation>
    </message>
    <message>
        <source>&amp;Keep the current values (clone)</source>
        <translation>保留当前值（clone）(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Re-initialise lm_head</source>
        <translation>重新初始化 lm_head(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Remember my choice</source>
        <translation>记住我的选择(&amp;R)</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::TokenBarChart</name>
    <message>
        <source>(too small to draw)</source>
        <translation>（太小，无法绘制）</translation>
    </message>
    <message>
        <source>token i of h = W[i]</source>
        <translation>h = W[i] 的词元 i</translation>
    </message>
    <message>
        <source>argmax</source>
        <translation>argmax</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>a bar: its token and value</comment>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::TokenChips</name>
    <message>
        <source>token %1 of %2: id %3, "%4"</source>
        <translation>第 %1 个 token（共 %2 个）：id %3，"%4"</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>No tokens</source>
        <translation>没有 token</translation>
    </message>
    <message>
        <source>%1 (id %2)</source>
        <translation>%1（id %2）</translation>
    </message>
    <message>
        <source>“%1” id %2</source>
        <translation>“%1”，id %2</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::TokenizerOffer</name>
    <message>
        <source>Choose a tokenizer file…</source>
        <translation>选择分词器文件…</translation>
    </message>
    <message>
        <source>A tokenizer.json, a vocab.json (with merges.txt beside it) or a GGUF file</source>
        <translation>tokenizer.json、vocab.json（旁边有 merges.txt）或 GGUF 文件</translation>
    </message>
    <message>
        <source>Keep the rows without tokens</source>
        <translation>保持各行没有 token</translation>
    </message>
    <message>
        <source>%1 rows is the size of %2's vocabulary, so these rows may be %2's tokens. This is a guess from the row count alone.</source>
        <translation>%1 行正是 %2 词表的大小，所以这些行可能是 %2 的 token。这只是根据行数做出的猜测。</translation>
    </message>
    <message>
        <source>%1 rows is the size of %2's vocabulary, so these rows may be %2's tokens. This is a guess from the row count alone: open its tokenizer file to use it.</source>
        <translation>%1 行正是 %2 词表的大小，所以这些行可能是 %2 的 token。这只是根据行数做出的猜测：打开它的分词器文件即可使用。</translation>
    </message>
    <message>
        <source>Use %1's tokenizer</source>
        <translation>使用 %1 的分词器</translation>
    </message>
    <message>
        <source>Tokenizer for the rows</source>
        <translation>各行的分词器</translation>
    </message>
    <message>
        <source>Tokenizers (tokenizer.json vocab.json *.gguf);;JSON (*.json);;All files (*)</source>
        <translation>分词器 (tokenizer.json vocab.json *.gguf);;JSON (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>The tokenizer cannot be used</source>
        <translation>无法使用分词器</translation>
    </message>
    <message>
        <source>Use the tokenizer %1</source>
        <translation>使用分词器 %1</translation>
    </message>
    <message>
        <source>%1 names %2 tokens for %3 rows: ids past the last row are refused, rows past the last token have none.</source>
        <translation>%1 为 %3 行给出了 %2 个 token：超出最后一行的 id 会被拒绝，最后一个 token 之后的行没有 token。</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::TrainingPanel</name>
    <message>
        <source>The training step was cancelled: the weights and the optimizer did not change.</source>
        <translation>训练步骤已取消：权重和优化器均未改变。</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Training step on %1 weights ...</source>
        <translation>正在对 %1 个权重执行训练步骤 ...</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批次</translation>
    </message>
    <message>
        <source>Token ids looked up in the embedding, e.g. 2, 3, 1 or [[2, 3], [1, 0]]</source>
        <translation>在 embedding 中查找的 token id，例如 2, 3, 1 或 [[2, 3], [1, 0]]</translation>
    </message>
    <message>
        <source>targets[k] is the token that should follow ids[k]; same shape as ids</source>
        <translation>targets[k] 是应当跟在 ids[k] 之后的 token；形状与 ids 相同</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>执行一步</translation>
    </message>
    <message>
        <source>zero_grad, forward, cross_entropy, backward, optimizer.step()</source>
        <translation>zero_grad、forward、cross_entropy、backward、optimizer.step()</translation>
    </message>
    <message>
        <source>Reset optimiser</source>
        <translation>重置优化器</translation>
    </message>
    <message>
        <source>Drop the momentum buffers / Adam state; the weights stay as they are</source>
        <translation>丢弃 momentum 缓冲区 / Adam 状态；权重保持不变</translation>
    </message>
    <message>
        <source>reset by hand</source>
        <translation>手动重置</translation>
    </message>
    <message>
        <source>Press Step: the gradient and the change (after - before) of every weight appear here, with the rows that really changed.</source>
        <translation>点击“执行一步”：每个权重的梯度和变化量（之后 - 之前）会显示在这里，并标出真正改变的行。</translation>
    </message>
    <message>
        <source>new model</source>
        <translation>新模型</translation>
    </message>
    <message>
        <source>weights tied</source>
        <translation>权重已绑定</translation>
    </message>
    <message>
        <source>model parameters changed</source>
        <translation>模型参数已改变</translation>
    </message>
    <message>
        <source>optimiser settings changed</source>
        <translation>优化器设置已改变</translation>
    </message>
    <message>
        <source>No model to train.</source>
        <translation>没有可训练的模型。</translation>
    </message>
    <message>
        <source>ids: %1</source>
        <translation>ids：%1</translation>
    </message>
    <message>
        <source>targets: %1</source>
        <translation>targets：%1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>all %1</source>
        <translation>全部 %1</translation>
    </message>
    <message>
        <source>%1, ... (%2 rows)</source>
        <translation>%1, ...（%2 行）</translation>
    </message>
    <message>
        <source>computed with the weights before the step</source>
        <translation>使用该步之前的权重计算</translation>
    </message>
    <message>
        <source>Looked up: rows &lt;b&gt;%1&lt;/b&gt; of embedding.weight.</source>
        <translation>已查找：embedding.weight 的第 &lt;b&gt;%1&lt;/b&gt; 行。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Tied:&lt;/b&gt; embedding.weight &lt;i&gt;is&lt;/i&gt; lm_head.weight, so its gradient is the &lt;b&gt;sum of both uses&lt;/b&gt;: the lookup adds to rows %1 only, lm_head adds to every row (every logit depends on every row). The sum is dense, so every row can change, even with plain SGD.</source>
        <translation>&lt;b&gt;已绑定：&lt;/b&gt;embedding.weight &lt;i&gt;就是&lt;/i&gt; lm_head.weight，因此它的梯度是&lt;b&gt;两处使用之和&lt;/b&gt;：查表只累加到第 %1 行，lm_head 累加到每一行（每个 logit 都依赖每一行）。和是稠密的，所以即使使用普通 SGD，每一行也都可能改变。</translation>
    </message>
    <message>
        <source>embedding.weight.grad is non-zero only on rows &lt;b&gt;%1&lt;/b&gt; (the lookup is a copy, its backward a scatter-add); lm_head.weight.grad is dense (non-zero rows: %2).</source>
        <translation>embedding.weight.grad 只在第 &lt;b&gt;%1&lt;/b&gt; 行非零（查表是复制，其反向传播是 scatter-add）；lm_head.weight.grad 是稠密的（非零行：%2）。</translation>
    </message>
    <message>
        <source>Row %1 is padding_idx: it was looked up, but the lookup never sends it a gradient.</source>
        <translation>第 %1 行是 padding_idx：它被查找了，但查表永远不会给它梯度。</translation>
    </message>
    <message>
        <source>row %1 / %2</source>
        <translation>第 %1 行 / %2</translation>
    </message>
    <message>
        <source>scale_grad_by_freq=True: every id occurs once in this batch, so nothing is scaled.</source>
        <translation>scale_grad_by_freq=True：本批次中每个 id 只出现一次，所以没有缩放。</translation>
    </message>
    <message>
        <source>scale_grad_by_freq=True: a row's lookup gradient is divided by how often its id occurs in the batch: %1.</source>
        <translation>scale_grad_by_freq=True：每行的查表梯度除以其 id 在批次中出现的次数：%1。</translation>
    </message>
    <message>
        <source>max_norm=%1: the forward pass renormalised looked-up rows in place; that counts as a change too.</source>
        <translation>max_norm=%1：前向传播原地重新归一化了被查找的行；这也算作改变。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Row %1 was not looked up and still changed&lt;/b&gt; (%2).</source>
        <translation>&lt;b&gt;第 %1 行没有被查找，却仍然改变了&lt;/b&gt;（%2）。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Rows %1 were not looked up and still changed&lt;/b&gt; (%2).</source>
        <translation>&lt;b&gt;第 %1 行没有被查找，却仍然改变了&lt;/b&gt;（%2）。</translation>
    </message>
    <message>
        <source>Only looked-up rows changed: on step 1 the momentum buffer is just this step's gradient. From step 2 it carries earlier gradients, so rows looked up before keep moving even when they are not looked up.</source>
        <translation>只有被查找的行改变了：第 1 步时 momentum 缓冲区就是本步的梯度。从第 2 步起它携带之前的梯度，所以之前查找过的行即使没被查找也会继续变化。</translation>
    </message>
    <message>
        <source>Only looked-up rows changed: on step 1 Adam's averages start at zero, so a zero gradient gives a zero update. From step 2, rows with an earlier gradient keep moving.</source>
        <translation>只有被查找的行改变了：第 1 步时 Adam 的平均值从零开始，零梯度带来零更新。从第 2 步起，之前有过梯度的行会继续变化。</translation>
    </message>
    <message>
        <source>No other row moved: rows that never had a gradient have nothing in the optimiser's memory%1.</source>
        <translation>没有其他行改变：从未有过梯度的行在优化器的记忆中什么也没有%1。</translation>
    </message>
    <message>
        <source>, and weight decay of an all-zero row is zero</source>
        <translation>，而全零行的 weight decay 也为零</translation>
    </message>
    <message>
        <source>No other row moved: weight decay of an all-zero row is zero.</source>
        <translation>没有其他行改变：全零行的 weight decay 为零。</translation>
    </message>
    <message>
        <source>The reference analysis says "only the looked-up rows change": true for plain SGD (momentum = 0, weight_decay = 0) on an untied embedding only. Here it %1.</source>
        <translation>参考分析说“只有被查找的行会改变”：这只对未绑定 embedding 上的普通 SGD（momentum = 0，weight_decay = 0）成立。此处它%1。</translation>
    </message>
    <message>
        <source>holds</source>
        <translation>成立</translation>
    </message>
    <message>
        <source>does &lt;b&gt;not&lt;/b&gt; hold</source>
        <translation>&lt;b&gt;不&lt;/b&gt;成立</translation>
    </message>
    <message>
        <source>&lt;b&gt;embedding.weight = lm_head.weight&lt;/b&gt; (tied: one tensor) %1</source>
        <translation>&lt;b&gt;embedding.weight = lm_head.weight&lt;/b&gt;（已绑定：同一个张量）%1</translation>
    </message>
    <message>
        <source>+ grad via lm_head</source>
        <translation>+ 经由 lm_head 的 grad</translation>
    </message>
    <message>
        <source>No model.</source>
        <translation>没有模型。</translation>
    </message>
    <message>
        <source>Fresh optimiser: the next step creates it%1.</source>
        <translation>全新的优化器：下一步会创建它%1。</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation>（%1）</translation>
    </message>
    <message>
        <source>Step %1 with this optimiser. Its state (momentum buffers, Adam's averages) is kept until the model, the settings or the tie state change.</source>
        <translation>此优化器的第 %1 步。它的状态（momentum 缓冲区、Adam 的平均值）会一直保留，直到模型、设置或绑定状态改变。</translation>
    </message>
    <message>
        <source>entries changed</source>
        <translation>改变的元素</translation>
    </message>
    <message>
        <source>rows changed</source>
        <translation>改变的行</translation>
    </message>
    <message>
        <source>%1: all %2</source>
        <translation>%1：全部 %2</translation>
    </message>
    <message>
        <source>%1: %2 (of %3)</source>
        <translation>%1：%2（共 %3）</translation>
    </message>
    <message>
        <source>rows %1: %2</source>
        <translation>第 %1 行：%2</translation>
    </message>
    <message>
        <source>momentum = %1, and the momentum buffer still holds their gradients from earlier steps</source>
        <translation>momentum = %1，momentum 缓冲区仍保存着它们在之前步骤中的梯度</translation>
    </message>
    <message>
        <source>Adam's running average exp_avg still holds their gradients from earlier steps</source>
        <translation>Adam 的滑动平均 exp_avg 仍保存着它们在之前步骤中的梯度</translation>
    </message>
    <message>
        <source>weight_decay = %1 adds %1 * W to the gradient of every row, looked up or not</source>
        <translation>weight_decay = %1 会给每一行（无论是否被查找）的梯度加上 %1 * W</translation>
    </message>
    <message>
        <source>the optimiser's state</source>
        <translation>优化器的状态</translation>
    </message>
    <message>
        <source>non-zero rows</source>
        <translation>非零行</translation>
    </message>
    <message>
        <source>grad via lookup</source>
        <translation>经由查表的 grad</translation>
    </message>
    <message>
        <source>= .grad (sum)</source>
        <translation>= .grad（求和）</translation>
    </message>
    <message>
        <source>non-zero entries</source>
        <translation>非零元素</translation>
    </message>
    <message>
        <source>after − before</source>
        <translation>之后 − 之前</translation>
    </message>
    <message>
        <source>change = after − before</source>
        <translation>变化 = 之后 − 之前</translation>
    </message>
    <message>
        <source>Next-token task on the ids</source>
        <translation>以这些 id 做下一个 token 预测</translation>
    </message>
    <message>
        <source>Each id above is an input and the id after it its target: inputs ids[:-1], targets ids[1:]. Typing a batch of your own turns this off.</source>
        <translation>上面的每个 id 都是输入，它后面的 id 是目标：inputs ids[:-1]，targets ids[1:]。自己输入一个批次会关闭此项。</translation>
    </message>
    <message>
        <source>A batch of your own: targets[k] is the token that should follow ids[k].</source>
        <translation>你自己的批次：targets[k] 是应当跟在 ids[k] 后面的 token。</translation>
    </message>
    <message>
        <source>Nothing to predict yet: the next-token task needs at least two ids in a row.</source>
        <translation>暂时没有可预测的：下一个 token 预测至少需要连续两个 id。</translation>
    </message>
    <message numerus="yes">
        <source>Each id predicts the one after it (%n pair(s)): %1</source>
        <translation>
            <numerusform>每个 id 预测它后面的那个（%n 对）：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>as it was at that step (undo or redo)</source>
        <translation>恢复为该步骤时的状态（撤销或重做）</translation>
    </message>
    <message>
        <source>The next-token task needs at least two ids in a row: type more ids, or a batch of your own.</source>
        <translation>下一个 token 预测至少需要连续两个 id：请输入更多 id，或自己输入一个批次。</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::UndoActions</name>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Undo (older steps were dropped to stay under %1)</source>
        <translation>撤销(&amp;U)（为保持在 %1 以下，较早的步骤已被丢弃）</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>撤销 %1(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>重做 %1(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Undo memory: %1 (history uses %2)</source>
        <translation>撤销内存：%1（历史已用 %2）</translation>
    </message>
    <message>
        <source>Cannot Be Undone</source>
        <translation>无法撤销</translation>
    </message>
    <message>
        <source>This cannot be undone (needs %1, undo memory is %2). Continue?</source>
        <translation>此操作无法撤销（需要 %1，撤销内存为 %2）。是否继续？</translation>
    </message>
    <message>
        <source>&amp;Continue</source>
        <translation>继续(&amp;C)</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::UndoCommands</name>
    <message>
        <source>%1 (dropped: over the undo memory budget)</source>
        <translation>%1（已丢弃：超出撤销内存预算）</translation>
    </message>
    <message>
        <source>%1 (dropped: the model was replaced)</source>
        <translation>%1（已丢弃：模型已被替换）</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::UnembeddingView</name>
    <message>
        <source>h = tensor([]): embedding_dim = 0, so h has no values to edit.</source>
        <translation>h = tensor([])：embedding_dim = 0，所以 h 没有可编辑的值。</translation>
    </message>
    <message>
        <source>num_embeddings = 0: no tokens, so no bars</source>
        <translation>num_embeddings = 0：没有 token，所以没有柱条</translation>
    </message>
    <message>
        <source>Hidden vector h</source>
        <translation>隐藏向量 h</translation>
    </message>
    <message>
        <source>h = embedding.weight[i]</source>
        <translation>h = embedding.weight[i]</translation>
    </message>
    <message>
        <source>Copy the embedding of token i into h</source>
        <translation>将 token i 的嵌入复制到 h</translation>
    </message>
    <message>
        <source>i = </source>
        <translation>i = </translation>
    </message>
    <message>
        <source>h = torch.randn(D)</source>
        <translation>h = torch.randn(D)</translation>
    </message>
    <message>
        <source>torch.manual_seed(seed), then h = torch.randn(embedding_dim)</source>
        <translation>torch.manual_seed(seed)，然后 h = torch.randn(embedding_dim)</translation>
    </message>
    <message>
        <source>seed </source>
        <translation>种子 </translation>
    </message>
    <message>
        <source>Temperature T:</source>
        <translation>温度 T：</translation>
    </message>
    <message>
        <source>Low T sharpens the distribution towards the argmax, high T flattens it</source>
        <translation>低 T 使分布向 argmax 集中，高 T 使分布变平</translation>
    </message>
    <message>
        <source>No model: there is no embedding to copy h from.</source>
        <translation>没有模型：没有可以复制 h 的嵌入。</translation>
    </message>
    <message>
        <source>IndexError: index %1 is out of bounds for dimension 0 with size %2</source>
        <translation>IndexError: index %1 is out of bounds for dimension 0 with size %2</translation>
    </message>
    <message>
        <source>No model: h needs embedding_dim values, and there is no embedding yet.</source>
        <translation>没有模型：h 需要 embedding_dim 个值，但还没有嵌入。</translation>
    </message>
    <message>
        <source>h needs embedding_dim = %1 values, got %2.</source>
        <translation>h 需要 embedding_dim = %1 个值，实际得到 %2 个。</translation>
    </message>
    <message>
        <source>Still showing T = %1.</source>
        <translation>仍显示 T = %1。</translation>
    </message>
    <message>
        <source>Temperature 0 is refused: softmax(logits / T) would divide by zero. Use a small T such as 0.01 to approach the argmax (T -&gt; 0 puts all probability on it). %1</source>
        <translation>拒绝温度 0：softmax(logits / T) 会除以零。请使用较小的 T（如 0.01）来逼近 argmax（T -&gt; 0 会把全部概率放在 argmax 上）。%1</translation>
    </message>
    <message>
        <source>Temperature must be a finite number greater than 0, got %1. %2</source>
        <translation>温度必须是大于 0 的有限数，实际为 %1。%2</translation>
    </message>
    <message>
        <source>No logits yet: the view needs a model.</source>
        <translation>还没有 logits：视图需要一个模型。</translation>
    </message>
    <message>
        <source>Computing lm_head(h) on a worker…</source>
        <translation>正在后台线程上计算 lm_head(h)…</translation>
    </message>
    <message>
        <source>Computing lm_head(h) on a worker: %1 dot products of length %2…</source>
        <translation>正在后台线程上计算 lm_head(h)：%1 个长度为 %2 的点积…</translation>
    </message>
    <message>
        <source>argmax(logits) = %1</source>
        <translation>argmax(logits) = %1</translation>
    </message>
    <message>
        <source> (logits[%1] = %2): the most likely next token for this h.</source>
        <translation>（logits[%1] = %2）：对这个 h 而言最可能的下一个 token。</translation>
    </message>
    <message>
        <source> for h = embedding.weight[%1]. Untied: lm_head.weight is a separate matrix, so nothing makes token %1 score highest%2.</source>
        <translation>，h = embedding.weight[%1]。未绑定：lm_head.weight 是单独的矩阵，因此没有任何机制让 token %1 得分最高%2。</translation>
    </message>
    <message>
        <source> (here it does, by chance)</source>
        <translation>（这里碰巧是最高）</translation>
    </message>
    <message>
        <source> + lm_head.bias[j]</source>
        <translation> + lm_head.bias[j]</translation>
    </message>
    <message>
        <source> = i: with tied weights, logits[j] = W[j] · W[%1]%2, and token %1's own row scores highest (logits[%1] = %3).</source>
        <translation> = i：权重绑定时，logits[j] = W[j] · W[%1]%2，token %1 自己的行得分最高（logits[%1] = %3）。</translation>
    </message>
    <message>
        <source> ≠ i = %1: with tied weights, logits[j] = W[j] · W[%1]%2, and row %3 beats token %1's own row: logits[%3] = %4 &gt; logits[%1] = %5. A longer row, or one pointing the same way%6, can out-score h's own token.</source>
        <translation> ≠ i = %1：权重绑定时，logits[j] = W[j] · W[%1]%2，第 %3 行胜过 token %1 自己的行：logits[%3] = %4 &gt; logits[%1] = %5。更长的行，或方向相同的行%6，得分可能超过 h 自身的 token。</translation>
    </message>
    <message>
        <source>, or a larger bias</source>
        <translation>，或更大的 bias</translation>
    </message>
    <message>
        <source>No model yet.</source>
        <translation>还没有模型。</translation>
    </message>
    <message>
        <source>h =</source>
        <translation>h =</translation>
    </message>
    <message>
        <source>h[%1]</source>
        <translation>h[%1]</translation>
    </message>
    <message>
        <source>%1 comma-separated numbers</source>
        <translation>%1 个以逗号分隔的数</translation>
    </message>
    <message>
        <source>Cannot read "%1" as a number.</source>
        <translation>无法将“%1”读取为数字。</translation>
    </message>
    <message>
        <source>typed by hand</source>
        <translation>手动输入</translation>
    </message>
    <message>
        <source>&lt;b&gt;Unembedding:&lt;/b&gt; &lt;code&gt;logits = h @ lm_head.weight.T%1&lt;/code&gt;, then &lt;code&gt;probs = softmax(logits / T)&lt;/code&gt;.</source>
        <translation>&lt;b&gt;反嵌入：&lt;/b&gt;&lt;code&gt;logits = h @ lm_head.weight.T%1&lt;/code&gt;，然后 &lt;code&gt;probs = softmax(logits / T)&lt;/code&gt;。</translation>
    </message>
    <message>
        <source>Tied: lm_head.weight &lt;i&gt;is&lt;/i&gt; embedding.weight, so logits[j] = h · W[j], one dot product per row of the embedding.</source>
        <translation>已绑定：lm_head.weight &lt;i&gt;就是&lt;/i&gt; embedding.weight，所以 logits[j] = h · W[j]，即与嵌入的每一行做一次点积。</translation>
    </message>
    <message>
        <source>Untied: lm_head.weight is its own [V, D] matrix.</source>
        <translation>未绑定：lm_head.weight 是独立的 [V, D] 矩阵。</translation>
    </message>
    <message>
        <source>showing the top %1 of %2 tokens by logit (torch.topk(logits, %1)); values as printed by torch.topk</source>
        <translation>按 logit 显示 %2 个 token 中的前 %1 个（torch.topk(logits, %1)）；数值与 torch.topk 打印的相同</translation>
    </message>
    <message>
        <source>logits = lm_head(h)   [%1]</source>
        <translation>logits = lm_head(h)   [%1]</translation>
    </message>
    <message>
        <source>probs = softmax(logits / T), T = %1</source>
        <translation>probs = softmax(logits / T)，T = %1</translation>
    </message>
    <message>
        <source>; token %1 (h's own) is not shown: rank %2, logit %3</source>
        <translation>；token %1（h 自己的）未显示：排名 %2，logit %3</translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation>复制代码</translation>
    </message>
    <message>
        <source>Copy the code panel's script followed by these statements, as a script that prints what the transcript shows</source>
        <translation>复制代码面板的脚本并接上这些语句，成为一个会打印出记录中所示内容的脚本</translation>
    </message>
    <message>
        <source>Python transcript</source>
        <translation>Python 会话记录</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::Vocabulary</name>
    <message>
        <source>The tokenizer %1 could not be read: %2</source>
        <translation>无法读取分词器 %1：%2</translation>
    </message>
    <message>
        <source>The tokenizer of %1 could not be read: %2</source>
        <translation>无法读取 %1 的分词器：%2</translation>
    </message>
    <message>
        <source>%1 is %2 bytes in UTF-8 (%3). The tokenizer's vocabulary has no token for it, so it falls back to one token per byte: %4.</source>
        <translation>%1 在 UTF-8 中占 %2 个字节（%3）。分词器的词表里没有它的 token，所以退回到每个字节一个 token：%4。</translation>
    </message>
    <message>
        <source>%1 is %2 bytes in UTF-8 (%3). Byte-level BPE works on bytes, not characters, and its vocabulary has no token for all of them, so it takes %4 tokens: %5.</source>
        <translation>%1 在 UTF-8 中占 %2 个字节（%3）。字节级 BPE 处理的是字节而不是字符，它的词表里没有涵盖全部这些字节的 token，所以它需要 %4 个 token：%5。</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::WeightFileLoader</name>
    <message>
        <source>lm_head is initialised, not read from the file</source>
        <translation>lm_head 为初始化值，未从文件读取</translation>
    </message>
    <message>
        <source>%1 was opened. The file's own lm_head could not be read, so lm_head starts from nn.Linear's random initial values instead: %2</source>
        <translation>已打开 %1。无法读取文件自带的 lm_head，因此 lm_head 改用 nn.Linear 的随机初始值：%2</translation>
    </message>
    <message>
        <source>%1 was not opened: the weights did not change.</source>
        <translation>未打开 %1：权重没有改变。</translation>
    </message>
    <message>
        <source>Opening %1 ...</source>
        <translation>正在打开 %1 ...</translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>A tensor is already being loaded.</source>
        <translation>已有一个张量正在加载。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Loading %1 was cancelled.</source>
        <translation>已取消加载 %1。</translation>
    </message>
    <message>
        <source>Cannot load %1</source>
        <translation>无法加载 %1</translation>
    </message>
    <message>
        <source>%1 [%2 x %3] from %4 is now %5</source>
        <translation>来自 %4 的 %1 [%2 x %3] 现在是 %5</translation>
    </message>
    <message>
        <source>%1 holds %2 tensors: name one as FILE:TENSOR (embedlab-cli inspect lists them).</source>
        <translation>%1 包含 %2 个张量：请用 FILE:TENSOR 指定其中一个（embedlab-cli inspect 会列出它们）。</translation>
    </message>
    <message>
        <source>The tokenizer cannot be used</source>
        <translation>无法使用分词器</translation>
    </message>
    <message>
        <source>The tokenizer's tokens label the rows, but text cannot be typed: %1</source>
        <translation>分词器的 token 标注了各行，但无法输入文本：%1</translation>
    </message>
    <message>
        <source>Reading %1 ...</source>
        <translation>正在读取 %1 ...</translation>
    </message>
    <message>
        <source>%1 and %2 [%3 x %4] from %5 are now embedding.weight and lm_head.weight</source>
        <translation>%5 中的 %1 和 %2 [%3 x %4] 现在是 embedding.weight 和 lm_head.weight</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::WeightHeatmaps</name>
    <message>
        <source>  (tied)</source>
        <translation>  （已绑定）</translation>
    </message>
    <message>
        <source>  from %1</source>
        <translation>  来自 %1</translation>
    </message>
    <message>
        <source>  (%1, %2 bits per weight)</source>
        <translation>  （%1，每个权重 %2 位）</translation>
    </message>
    <message>
        <source>  untrained: seeded %1</source>
        <translation>  未训练（种子 %1）</translation>
    </message>
    <message>
        <source>%1 block %2: W[%3, %4:%5] share the scale %6 and the minimum %7</source>
        <translation>%1 第 %2 块：W[%3, %4:%5] 共用缩放因子 %6 和最小值 %7</translation>
    </message>
    <message>
        <source>%1 block %2: W[%3, %4:%5] share the scale %6</source>
        <translation>%1 第 %2 块：W[%3, %4:%5] 共用缩放因子 %6</translation>
    </message>
    <message>
        <source>level %1: %2 + %3 × %1 = %4</source>
        <translation>级别 %1：%2 + %3 × %1 = %4</translation>
    </message>
    <message>
        <source>level %1: %2 × %1 = %3</source>
        <translation>级别 %1：%2 × %1 = %3</translation>
    </message>
    <message>
        <source>  max_norm renormalised rows %1</source>
        <translation>  max_norm 已重新归一化第 %1 行</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::WindowActions</name>
    <message>
        <source>&amp;Open Weights...</source>
        <translation>打开权重(&amp;O)...</translation>
    </message>
    <message>
        <source>View a matrix of a .npy, .safetensors or .gguf file as the embedding or the Linear weight (you can also drop the file on the window)</source>
        <translation>将 .npy、.safetensors 或 .gguf 文件中的矩阵作为 embedding 或 Linear 的权重查看（也可以把文件拖放到窗口上）</translation>
    </message>
    <message>
        <source>Open an .embedlab session</source>
        <translation>打开 .embedlab 会话</translation>
    </message>
    <message>
        <source>&amp;Save Session</source>
        <translation>保存会话(&amp;S)</translation>
    </message>
    <message>
        <source>Save sizes, seed, initialisers, tie state, ids and view as an .embedlab session</source>
        <translation>将尺寸、seed、初始化器、绑定状态、ids 和视图保存为 .embedlab 会话</translation>
    </message>
    <message>
        <source>Save Session &amp;As...</source>
        <translation>会话另存为(&amp;A)...</translation>
    </message>
    <message>
        <source>Save the session under a new name</source>
        <translation>以新名称保存会话</translation>
    </message>
    <message>
        <source>&amp;Export Screenshot...</source>
        <translation>导出截图(&amp;E)...</translation>
    </message>
    <message>
        <source>Save the window as a PNG image</source>
        <translation>将窗口保存为 PNG 图像</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Quit EmbedLab</source>
        <translation>退出 EmbedLab</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>Undo the last change of layers, ids, initialisers, tying, training or loading</source>
        <translation>撤销对层、ids、初始化器、绑定、训练或加载的最近一次更改</translation>
    </message>
    <message>
        <source>Undo memory</source>
        <translation>撤销内存</translation>
    </message>
    <message>
        <source>Undo snapshots are kept under this many bytes; a step that does not fit cannot be undone</source>
        <translation>撤销快照保持在此字节数以内；放不下的步骤无法撤销</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Redo the change that was undone</source>
        <translation>重做刚才撤销的更改</translation>
    </message>
    <message>
        <source>Copy Python &amp;Code</source>
        <translation>复制 Python 代码(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Preferences...</source>
        <translation>首选项(&amp;P)...</translation>
    </message>
    <message>
        <source>Colour map and animation speed</source>
        <translation>配色方案和动画速度</translation>
    </message>
    <message>
        <source>&amp;Reference Example</source>
        <translation>参考示例(&amp;R)</translation>
    </message>
    <message>
        <source>torch.manual_seed(123), Embedding(4, 5), ids [2, 3, 1], as in the documents</source>
        <translation>torch.manual_seed(123)、Embedding(4, 5)、ids [2, 3, 1]，与文档中相同</translation>
    </message>
    <message>
        <source>&amp;GPT-2 Small</source>
        <translation>&amp;GPT-2 Small</translation>
    </message>
    <message>
        <source>Embedding(50257, 768) tied with Linear(768, 50257, bias=False)</source>
        <translation>Embedding(50257, 768) 与 Linear(768, 50257, bias=False) 绑定</translation>
    </message>
    <message>
        <source>&amp;Tie lm_head.weight = embedding.weight</source>
        <translation>绑定 lm_head.weight = embedding.weight(&amp;T)</translation>
    </message>
    <message>
        <source>Weight tying: one storage behind both layers, as in GPT-2 (the embedding's values win)</source>
        <translation>权重绑定：两层背后是同一存储，与 GPT-2 相同（保留 embedding 的值）</translation>
    </message>
    <message>
        <source>Tied</source>
        <translation>已绑定</translation>
    </message>
    <message>
        <source>Untie, &amp;Keep the Values</source>
        <translation>解除绑定，保留数值(&amp;K)</translation>
    </message>
    <message>
        <source>lm_head.weight gets its own storage, a copy of the shared values</source>
        <translation>lm_head.weight 获得自己的存储，内容是共享值的副本</translation>
    </message>
    <message>
        <source>Untie, &amp;Re-initialise lm_head</source>
        <translation>解除绑定，重新初始化 lm_head(&amp;R)</translation>
    </message>
    <message>
        <source>lm_head.weight gets its own storage, drawn again by lm_head.reset_parameters()</source>
        <translation>lm_head.weight 获得自己的存储，由 lm_head.reset_parameters() 重新抽取</translation>
    </message>
    <message>
        <source>Training &amp;Step</source>
        <translation>训练一步(&amp;S)</translation>
    </message>
    <message>
        <source>One optimizer step on the training panel's ids and targets</source>
        <translation>用训练面板中的 ids 和 targets 执行一次优化器步骤</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>放大(&amp;I)</translation>
    </message>
    <message>
        <source>Zoom into the weight heatmaps</source>
        <translation>放大权重热力图</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>缩小(&amp;O)</translation>
    </message>
    <message>
        <source>Zoom out of the weight heatmaps</source>
        <translation>缩小权重热力图</translation>
    </message>
    <message>
        <source>&amp;Whole Matrix</source>
        <translation>整个矩阵(&amp;W)</translation>
    </message>
    <message>
        <source>Show the whole weight matrices</source>
        <translation>显示完整的权重矩阵</translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation>全屏(&amp;F)</translation>
    </message>
    <message>
        <source>Fill the screen (projectors)</source>
        <translation>占满屏幕（投影仪）</translation>
    </message>
    <message>
        <source>&amp;Projector Mode</source>
        <translation>投影模式(&amp;P)</translation>
    </message>
    <message>
        <source>White page, big text, thick lines and full screen for a classroom (F5)</source>
        <translation>白色背景、大字体、粗线条、全屏，适合课堂（F5）</translation>
    </message>
    <message>
        <source>Guided &amp;Lesson</source>
        <translation>引导课程(&amp;L)</translation>
    </message>
    <message>
        <source>Ten steps from the argument order to the common pitfalls; PageDown moves on</source>
        <translation>十个步骤，从参数顺序到常见陷阱；按 PageDown 继续</translation>
    </message>
    <message>
        <source>Colour the weights with %1</source>
        <translation>用 %1 为权重着色</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>播放(&amp;P)</translation>
    </message>
    <message>
        <source>Play or pause the one-hot animation (Space)</source>
        <translation>播放或暂停 one-hot 动画（空格键）</translation>
    </message>
    <message>
        <source>Step &amp;Forward</source>
        <translation>下一步(&amp;F)</translation>
    </message>
    <message>
        <source>Step &amp;Back</source>
        <translation>上一步(&amp;B)</translation>
    </message>
    <message>
        <source>&amp;Restart</source>
        <translation>重新开始(&amp;R)</translation>
    </message>
    <message>
        <source>Back to the first id (Home)</source>
        <translation>回到第一个 id（Home）</translation>
    </message>
    <message>
        <source>&amp;Last Step</source>
        <translation>最后一步(&amp;L)</translation>
    </message>
    <message>
        <source>Jump to the end: all rows looked up (End)</source>
        <translation>跳到结尾：所有行都已查找（End）</translation>
    </message>
    <message>
        <source>F&amp;aster</source>
        <translation>加快(&amp;A)</translation>
    </message>
    <message>
        <source>Double the animation speed</source>
        <translation>动画速度加倍</translation>
    </message>
    <message>
        <source>&amp;Slower</source>
        <translation>减慢(&amp;S)</translation>
    </message>
    <message>
        <source>Halve the animation speed</source>
        <translation>动画速度减半</translation>
    </message>
    <message>
        <source>Count a training batch of 32 sequences of 512 tokens</source>
        <translation>按一个包含 32 个序列、每个 512 个 token 的训练批次计数</translation>
    </message>
    <message>
        <source>&amp;About EmbedLab</source>
        <translation>关于 EmbedLab(&amp;A)</translation>
    </message>
    <message>
        <source>Version and licence</source>
        <translation>版本与许可证</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>关于 &amp;Qt</translation>
    </message>
    <message>
        <source>The Qt version EmbedLab runs on</source>
        <translation>EmbedLab 运行所用的 Qt 版本</translation>
    </message>
    <message>
        <source>Show the view under the mouse alone, in the whole window (F; Esc returns)</source>
        <translation>在整个窗口中单独显示鼠标下的视图（F；Esc 返回）</translation>
    </message>
    <message>
        <source>&amp;All Panels</source>
        <translation>所有面板(&amp;A)</translation>
    </message>
    <message>
        <source>Back to all panels (Esc)</source>
        <translation>返回所有面板（Esc）</translation>
    </message>
    <message>
        <source>Copy the code of the panel in front as a script that runs as pasted: the PyTorch code, continued by the Unembedding or Training panel's code</source>
        <translation>把前台面板的代码复制为粘贴即可运行的脚本：PyTorch 代码，后接反嵌入或训练面板的代码</translation>
    </message>
    <message>
        <source>Copy &amp;Output</source>
        <translation>复制输出(&amp;O)</translation>
    </message>
    <message>
        <source>Quantisation &amp;Blocks</source>
        <translation>量化块(&amp;B)</translation>
    </message>
    <message>
        <source>Outline the blocks of a quantised tensor and the groups of values that share one scale, when zoomed in</source>
        <translation>放大时画出量化张量的块以及共用一个缩放因子的各组值的边框</translation>
    </message>
    <message>
        <source>Copy what the copied code prints: the Output pane, followed by the Unembedding panel's values when it is in front</source>
        <translation>复制所复制的代码会打印的内容：输出窗格，当反嵌入面板在前台时再接上它的数值</translation>
    </message>
    <message>
        <source>Ne&amp;xt Lesson Step</source>
        <translation>课程下一步(&amp;X)</translation>
    </message>
    <message>
        <source>The guided lesson's next step (PageDown, as presenter clickers send)</source>
        <translation>引导课程的下一步（PageDown，与翻页笔发送的按键相同）</translation>
    </message>
    <message>
        <source>Pre&amp;vious Lesson Step</source>
        <translation>课程上一步(&amp;V)</translation>
    </message>
    <message>
        <source>The guided lesson's previous step (PageUp)</source>
        <translation>引导课程的上一步（PageUp）</translation>
    </message>
    <message>
        <source>The animation's next step (Right; PageDown too while no lesson is open)</source>
        <translation>动画的下一步（→；未打开课程时也可按 PageDown）</translation>
    </message>
    <message>
        <source>The animation's previous step (Left; PageUp too while no lesson is open)</source>
        <translation>动画的上一步（←；未打开课程时也可按 PageUp）</translation>
    </message>
    <message>
        <source>Open Sessio&amp;n...</source>
        <translation>打开会话(&amp;N)...</translation>
    </message>
    <message>
        <source>Foc&amp;us on View</source>
        <translation>聚焦视图(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Count a Batch of 32 × 512</source>
        <translation>按 32 × 512 批次计数(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Next Pane</source>
        <translation>下一个窗格(&amp;N)</translation>
    </message>
    <message>
        <source>Move the keyboard focus to the next pane: the main area or a panel (F6)</source>
        <translation>将键盘焦点移到下一个窗格：主区域或某个面板 (F6)</translation>
    </message>
    <message>
        <source>P&amp;revious Pane</source>
        <translation>上一个窗格(&amp;R)</translation>
    </message>
    <message>
        <source>Move the keyboard focus to the previous pane (Shift+F6)</source>
        <translation>将键盘焦点移到上一个窗格 (Shift+F6)</translation>
    </message>
    <message>
        <source>Next Panel &amp;Tab</source>
        <translation>下一个面板标签页(&amp;T)</translation>
    </message>
    <message>
        <source>Bring the next tab of the focused panel's area to the front (Ctrl+Tab)</source>
        <translation>将焦点所在面板区域的下一个标签页切到最前 (Ctrl+Tab)</translation>
    </message>
    <message>
        <source>Pr&amp;evious Panel Tab</source>
        <translation>上一个面板标签页(&amp;E)</translation>
    </message>
    <message>
        <source>Bring the previous tab of the focused panel's area to the front (Ctrl+Shift+Tab)</source>
        <translation>将焦点所在面板区域的上一个标签页切到最前 (Ctrl+Shift+Tab)</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::WindowDialogs</name>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>&amp;Colour map:</source>
        <translation>配色方案(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Animation speed:</source>
        <translation>动画速度(&amp;A)：</translation>
    </message>
    <message>
        <source>About EmbedLab</source>
        <translation>关于 EmbedLab</translation>
    </message>
    <message>
        <source>&lt;h3&gt;EmbedLab %1&lt;/h3&gt;&lt;p&gt;nn.Embedding and nn.Linear wrap the same kind of weight matrix: looking up row i is multiplying a one-hot vector by it.&lt;/p&gt;&lt;p&gt;Copyright 2026 EmbedLab developers.&lt;/p&gt;&lt;p&gt;This program is free software: you can redistribute it and/or modify it under the terms of the GNU General Public License as published by the Free Software Foundation, either version 3 of the License, or (at your option) any later version.&lt;/p&gt;&lt;p&gt;This program is distributed in the hope that it will be useful, but WITHOUT ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the &lt;a href="https://www.gnu.org/licenses/gpl-3.0.html"&gt;GNU General Public License&lt;/a&gt; for more details.&lt;/p&gt;&lt;p&gt;SPDX-License-Identifier: GPL-3.0-or-later&lt;/p&gt;</source>
        <translation>&lt;h3&gt;EmbedLab %1&lt;/h3&gt;&lt;p&gt;nn.Embedding 与 nn.Linear 包装的是同一种权重矩阵：查找第 i 行就是用一个 one-hot 向量乘以它。&lt;/p&gt;&lt;p&gt;版权所有 2026 EmbedLab 开发者。&lt;/p&gt;&lt;p&gt;本程序是自由软件：你可以依据自由软件基金会发布的 GNU 通用公共许可证第 3 版或（由你选择）任何更新的版本，重新分发和/或修改本程序。&lt;/p&gt;&lt;p&gt;发布本程序是希望它有用，但不提供任何担保；甚至不提供适销性或特定用途适用性的默示担保。详情请参阅 &lt;a href="https://www.gnu.org/licenses/gpl-3.0.html"&gt;GNU 通用公共许可证&lt;/a&gt;。&lt;/p&gt;&lt;p&gt;SPDX-License-Identifier: GPL-3.0-or-later&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>主题(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::WindowMenus</name>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>Pre&amp;sets</source>
        <translation>预设(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>模型(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Animation</source>
        <translation>动画(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Colour Map</source>
        <translation>配色方案(&amp;C)</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>Lan&amp;guage</source>
        <translation>语言(&amp;G)</translation>
    </message>
</context>
</TS>
