<?xml version='1.0' encoding='utf-8'?>
<TS version="2.1" language="vi_VN">
<context>
    <name>Exporter</name>
    <message>
        <source>Cannot export to '%1': the file name must end in .png, .svg or .pdf.</source>
        <translation>Không thể xuất ra '%1': tên tệp phải kết thúc bằng .png, .svg hoặc .pdf.</translation>
    </message>
    <message>
        <source>The scale must be between %1 and %2, not %3.</source>
        <translation>Tỉ lệ phải nằm trong khoảng %1 đến %2, không phải %3.</translation>
    </message>
    <message>
        <source>Could not write '%1': %2</source>
        <translation>Không thể ghi '%1': %2</translation>
    </message>
    <message>
        <source>Exported from EmbedLab</source>
        <translation>Xuất từ EmbedLab</translation>
    </message>
    <message>
        <source>Could not write '%1'.</source>
        <translation>Không thể ghi '%1'.</translation>
    </message>
    <message>
        <source>Could not create the folder '%1'.</source>
        <translation>Không thể tạo thư mục '%1'.</translation>
    </message>
    <message>
        <source>The fit has no steps to export yet: run it first.</source>
        <translation>Lượt huấn luyện chưa có bước nào để xuất: hãy chạy nó trước.</translation>
    </message>
    <message>
        <source>Step %1 of the fit did not come back in time.</source>
        <translation>Không lấy lại kịp bước %1 của lượt huấn luyện.</translation>
    </message>
</context>
<context>
    <name>HeadlessExport</name>
    <message>
        <source>a file it read became shorter on disk; '%1' shows zeros for what that file no longer holds.</source>
        <translation>một tệp được đọc đã ngắn đi trên đĩa; '%1' hiển thị số 0 cho phần mà tệp đó không còn chứa.</translation>
    </message>
    <message>
        <source>unexpected argument '%1'.</source>
        <translation>đối số không mong đợi '%1'.</translation>
    </message>
    <message>
        <source>--out FILE.png|.svg|.pdf is required.</source>
        <translation>Cần có --out TỆP.png|.svg|.pdf.</translation>
    </message>
    <message>
        <source>--out must end in .png, .svg or .pdf (not '%1').</source>
        <translation>--out phải kết thúc bằng .png, .svg hoặc .pdf (không phải '%1').</translation>
    </message>
    <message>
        <source>--scale must be 1, 2, 3 or 4 (not '%1').</source>
        <translation>--scale phải là 1, 2, 3 hoặc 4 (không phải '%1').</translation>
    </message>
    <message>
        <source>--language must be en, vi or zh (not '%1').</source>
        <translation>--language phải là en, vi hoặc zh (không phải '%1').</translation>
    </message>
    <message>
        <source>the %1 translations are missing from this build.</source>
        <translation>bản dịch %1 không có trong bản dựng này.</translation>
    </message>
    <message>
        <source>--size must be WIDTHxHEIGHT, e.g. 1200x700 (not '%1').</source>
        <translation>--size phải có dạng RỘNGxCAO, ví dụ 1200x700 (không phải '%1').</translation>
    </message>
    <message>
        <source>--seed must be a non-negative whole number (not '%1').</source>
        <translation>--seed phải là số nguyên không âm (không phải '%1').</translation>
    </message>
    <message>
        <source>--num-embeddings must be a whole number (not '%1').</source>
        <translation>--num-embeddings phải là số nguyên (không phải '%1').</translation>
    </message>
    <message>
        <source>--embedding-dim must be a whole number (not '%1').</source>
        <translation>--embedding-dim phải là số nguyên (không phải '%1').</translation>
    </message>
    <message>
        <source>--init %1: %2</source>
        <translation>--init %1: %2</translation>
    </message>
    <message>
        <source>timed out building the model.</source>
        <translation>hết thời gian chờ khi dựng mô hình.</translation>
    </message>
    <message>
        <source>--ids %1: %2</source>
        <translation>--ids %1: %2</translation>
    </message>
    <message>
        <source>timed out initialising the weights.</source>
        <translation>hết thời gian chờ khi khởi tạo trọng số.</translation>
    </message>
    <message>
        <source>timed out waiting for the views.</source>
        <translation>hết thời gian chờ các khung nhìn.</translation>
    </message>
    <message>
        <source>--step must be between 0 and %1.</source>
        <translation>--step phải nằm trong khoảng 0 đến %1.</translation>
    </message>
    <message>
        <source>timed out drawing the histogram.</source>
        <translation>hết thời gian chờ khi vẽ biểu đồ tần suất.</translation>
    </message>
    <message>
        <source>timed out computing lm_head(h).</source>
        <translation>hết thời gian chờ khi tính lm_head(h).</translation>
    </message>
    <message>
        <source>--export weights needs --out FILE.npy.</source>
        <translation>--export weights cần --out FILE.npy.</translation>
    </message>
    <message>
        <source>--weights sets the model's sizes: it cannot be combined with --num-embeddings, --embedding-dim or --session.</source>
        <translation>--weights đặt kích thước của mô hình: không thể dùng cùng --num-embeddings, --embedding-dim hoặc --session.</translation>
    </message>
    <message>
        <source>--preset must be reference or gpt2 (not '%1').</source>
        <translation>--preset phải là reference hoặc gpt2 (không phải '%1').</translation>
    </message>
    <message>
        <source>timed out restoring the session.</source>
        <translation>hết thời gian chờ khôi phục phiên.</translation>
    </message>
    <message>
        <source>timed out loading %1.</source>
        <translation>hết thời gian chờ tải %1.</translation>
    </message>
    <message>
        <source>timed out waiting for the model.</source>
        <translation>hết thời gian chờ mô hình.</translation>
    </message>
    <message>
        <source>timed out drawing the heatmap.</source>
        <translation>hết thời gian chờ vẽ bản đồ nhiệt.</translation>
    </message>
    <message>
        <source>--export must be one of heatmap, onehot, histogram, unembedding, neighbours, window, weights (not '%1').</source>
        <translation>--export phải là một trong heatmap, onehot, histogram, unembedding, neighbours, window, weights (không phải '%1').</translation>
    </message>
    <message>
        <source>--%1 goes with the window, not with --export.</source>
        <translation>--%1 dùng cho cửa sổ, không dùng cùng --export.</translation>
    </message>
    <message>
        <source>--ids and --text both give the ids: use one.</source>
        <translation>--ids và --text đều cho các id: hãy dùng một trong hai.</translation>
    </message>
    <message>
        <source>--text needs a model with a tokenizer (--preset gpt2, or weights with one beside them).</source>
        <translation>--text cần một mô hình có bộ tách token (--preset gpt2, hoặc trọng số có bộ tách token đi kèm bên cạnh).</translation>
    </message>
    <message>
        <source>--text %1: %2</source>
        <translation>--text %1: %2</translation>
    </message>
    <message>
        <source>timed out training.</source>
        <translation>quá thời gian khi huấn luyện.</translation>
    </message>
    <message>
        <source>--background must be window, white or transparent (not '%1').</source>
        <translation>--background phải là window, white hoặc transparent (không phải '%1').</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>mean</source>
        <translation>trung bình</translation>
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
        <translation>OK</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Lưu</translation>
    </message>
    <message>
        <source>Save All</source>
        <translation>Lưu tất cả</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Mở</translation>
    </message>
    <message>
        <source>&amp;Yes</source>
        <translation>&amp;Có</translation>
    </message>
    <message>
        <source>Yes to &amp;All</source>
        <translation>Có với &amp;tất cả</translation>
    </message>
    <message>
        <source>&amp;No</source>
        <translation>&amp;Không</translation>
    </message>
    <message>
        <source>N&amp;o to All</source>
        <translation>K&amp;hông với tất cả</translation>
    </message>
    <message>
        <source>Abort</source>
        <translation>Hủy bỏ</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Thử lại</translation>
    </message>
    <message>
        <source>Ignore</source>
        <translation>Bỏ qua</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Đóng</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Huỷ</translation>
    </message>
    <message>
        <source>Discard</source>
        <translation>Bỏ thay đổi</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>Trợ giúp</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>Áp dụng</translation>
    </message>
    <message>
        <source>Reset</source>
        <translation>Đặt lại</translation>
    </message>
    <message>
        <source>Restore Defaults</source>
        <translation>Khôi phục mặc định</translation>
    </message>
</context>
<context>
    <name>SessionFile</name>
    <message>
        <source>'%1' is not a run EmbedLab stored.</source>
        <translation>'%1' không phải là lượt chạy do EmbedLab lưu.</translation>
    </message>
    <message>
        <source>The session is damaged: the fit's run must lie beside the session.</source>
        <translation>Phiên bị hỏng: lượt chạy huấn luyện phải nằm cạnh tệp phiên.</translation>
    </message>
    <message>
        <source>Could not save the fit's run beside '%1': %2</source>
        <translation>Không thể lưu lượt chạy huấn luyện cạnh '%1': %2</translation>
    </message>
    <message>
        <source>The session is damaged: its history must list operations with their code.</source>
        <translation>Phiên bị hỏng: lịch sử của nó phải liệt kê các thao tác cùng mã của chúng.</translation>
    </message>
    <message>
        <source>This is not an EmbedLab session.</source>
        <translation>Đây không phải là một phiên EmbedLab.</translation>
    </message>
    <message>
        <source>This session was saved by a newer EmbedLab (session version %1; this version reads up to %2). Update EmbedLab to open it.</source>
        <translation>Phiên này được lưu bởi một EmbedLab mới hơn (phiên bản phiên %1; phiên bản này chỉ đọc được đến %2). Hãy cập nhật EmbedLab để mở nó.</translation>
    </message>
    <message>
        <source>The session has an invalid version (%1).</source>
        <translation>Phiên có số phiên bản không hợp lệ (%1).</translation>
    </message>
    <message>
        <source>The session is damaged: num_embeddings, embedding_dim and seed must be non-negative whole numbers.</source>
        <translation>Phiên bị hỏng: num_embeddings, embedding_dim và seed phải là số nguyên không âm.</translation>
    </message>
    <message>
        <source>The session is damaged: padding_idx must be a number or null.</source>
        <translation>Phiên bị hỏng: padding_idx phải là một số hoặc null.</translation>
    </message>
    <message>
        <source>The session is damaged: max_norm must be a number or null.</source>
        <translation>Phiên bị hỏng: max_norm phải là một số hoặc null.</translation>
    </message>
    <message>
        <source>The session is damaged: every initialiser needs a spec.</source>
        <translation>Phiên bị hỏng: mỗi bộ khởi tạo cần có một spec.</translation>
    </message>
    <message>
        <source>The session is damaged: an initialiser's seed is not a whole number.</source>
        <translation>Phiên bị hỏng: seed của một bộ khởi tạo không phải là số nguyên.</translation>
    </message>
    <message>
        <source>The session is damaged: the weights file must lie beside the session.</source>
        <translation>Phiên bị hỏng: tệp trọng số phải nằm cạnh tệp phiên.</translation>
    </message>
    <message>
        <source>The session is damaged: the ids are missing.</source>
        <translation>Phiên bị hỏng: thiếu các id.</translation>
    </message>
    <message>
        <source>Could not save the weights to '%1': %2</source>
        <translation>Không thể lưu trọng số vào '%1': %2</translation>
    </message>
    <message>
        <source>Could not save the session to '%1': %2</source>
        <translation>Không thể lưu phiên vào '%1': %2</translation>
    </message>
    <message>
        <source>Could not open '%1': %2</source>
        <translation>Không thể mở '%1': %2</translation>
    </message>
    <message>
        <source>'%1' is too large to be an EmbedLab session.</source>
        <translation>'%1' quá lớn để là một phiên EmbedLab.</translation>
    </message>
    <message>
        <source>'%1' is damaged: %2 at byte %3.</source>
        <translation>'%1' bị hỏng: %2 tại byte %3.</translation>
    </message>
    <message>
        <source>Could not open the session's weights '%1': %2</source>
        <translation>Không thể mở trọng số của phiên '%1': %2</translation>
    </message>
    <message>
        <source>The session's weights '%1' cannot be read as float32.</source>
        <translation>Không thể đọc trọng số của phiên '%1' dưới dạng float32.</translation>
    </message>
    <message>
        <source>The session's weights '%1' are damaged: %2</source>
        <translation>Trọng số của phiên '%1' bị hỏng: %2</translation>
    </message>
    <message>
        <source>The session is damaged: it stores %1, which its model does not have on its own.</source>
        <translation>Phiên bị hỏng: phiên lưu %1, nhưng mô hình của nó không có %1 riêng.</translation>
    </message>
    <message>
        <source>The session's weights '%1' do not have the shape of %2.</source>
        <translation>Trọng số của phiên '%1' không có hình dạng của %2.</translation>
    </message>
    <message>
        <source>The session is damaged: the tokenizer must be a file name.</source>
        <translation>Phiên bị hỏng: bộ tách token phải là một tên tệp.</translation>
    </message>
    <message>
        <source>The session is damaged: its document must be an object.</source>
        <translation>Phiên bị hỏng: phần tài liệu của nó phải là một đối tượng.</translation>
    </message>
    <message>
        <source>The session is damaged: its view field '%1' has a value of the wrong type or out of range.</source>
        <translation>Phiên bị hỏng: trường hiển thị '%1' có giá trị sai kiểu hoặc nằm ngoài phạm vi.</translation>
    </message>
</context>
<context>
    <name>Theme</name>
    <message>
        <source>High contrast, light</source>
        <translation>Tương phản cao, nền sáng</translation>
    </message>
    <message>
        <source>High contrast, dark</source>
        <translation>Tương phản cao, nền tối</translation>
    </message>
    <message>
        <source>The desktop's colours</source>
        <translation>Màu của màn hình nền</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::AnimationToolBar</name>
    <message>
        <source>Animation</source>
        <translation>Hoạt ảnh</translation>
    </message>
    <message>
        <source> Speed </source>
        <translation> Tốc độ </translation>
    </message>
    <message>
        <source>Animation speed</source>
        <translation>Tốc độ hoạt ảnh</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>Tạm &amp;dừng</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>&amp;Phát</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::CodePanel</name>
    <message>
        <source>&lt;b&gt;Python&lt;/b&gt; &amp;mdash; paste it into Python to get the same numbers</source>
        <translation>&lt;b&gt;Python&lt;/b&gt; &amp;mdash; dán vào Python để nhận được đúng các con số này</translation>
    </message>
    <message>
        <source>&amp;Copy code</source>
        <translation>Sao &amp;chép mã</translation>
    </message>
    <message>
        <source>Copy the Python code to the clipboard</source>
        <translation>Sao chép mã Python vào bộ nhớ tạm</translation>
    </message>
    <message>
        <source>&lt;b&gt;Output&lt;/b&gt; &amp;mdash; what PyTorch prints</source>
        <translation>&lt;b&gt;Đầu ra&lt;/b&gt; &amp;mdash; những gì PyTorch in ra</translation>
    </message>
    <message>
        <source>(computing ...)</source>
        <translation>(đang tính ...)</translation>
    </message>
    <message>
        <source>&lt;b style="color:%1"&gt;⚠ out of date&lt;/b&gt;: the code and the Output keep ids = %2 until the entry is valid.</source>
        <translation>&lt;b style="color:%1"&gt;⚠ chưa cập nhật&lt;/b&gt;: mã và Đầu ra giữ ids = %2 cho đến khi ô nhập hợp lệ.</translation>
    </message>
    <message>
        <source>&lt;b style="color:%1"&gt;⚠ out of date&lt;/b&gt;</source>
        <translation>&lt;b style="color:%1"&gt;⚠ chưa cập nhật&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b style="color:%1"&gt;✓ equal&lt;/b&gt;: embedding(ids) and one_hot @ embedding.weight printed the same numbers, and are bitwise identical.</source>
        <translation>&lt;b style="color:%1"&gt;✓ bằng nhau&lt;/b&gt;: embedding(ids) và one_hot @ embedding.weight in ra cùng các con số và giống hệt nhau đến từng bit.</translation>
    </message>
    <message>
        <source>&lt;b style="color:%1"&gt;✗ differ&lt;/b&gt;: the two paths are not bitwise identical.</source>
        <translation>&lt;b style="color:%1"&gt;✗ khác nhau&lt;/b&gt;: hai cách tính không giống hệt nhau đến từng bit.</translation>
    </message>
    <message>
        <source>&lt;b style="color:%1"&gt;✓ equal&lt;/b&gt;</source>
        <translation>&lt;b style="color:%1"&gt;✓ bằng nhau&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b style="color:%1"&gt;✗ differ&lt;/b&gt;</source>
        <translation>&lt;b style="color:%1"&gt;✗ khác nhau&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;Output&lt;/b&gt; &amp;mdash; formatting ...</source>
        <translation>&lt;b&gt;Đầu ra&lt;/b&gt; &amp;mdash; đang định dạng ...</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::CommandLine</name>
    <message>
        <source>Export a view (heatmap, onehot, histogram, unembedding, neighbours, window) to --out FILE.png, .svg or .pdf, or weights to --out FILE.npy, without a window (see README).</source>
        <translation>Xuất một khung nhìn (heatmap, onehot, histogram, unembedding, neighbours, window) ra --out TỆP.png, .svg hoặc .pdf, hoặc weights ra --out TỆP.npy, mà không mở cửa sổ (xem README).</translation>
    </message>
    <message>
        <source>Output file.</source>
        <translation>Tệp đầu ra.</translation>
    </message>
    <message>
        <source>PNG scale 1-4.</source>
        <translation>Tỉ lệ PNG 1-4.</translation>
    </message>
    <message>
        <source>Projector style.</source>
        <translation>Kiểu máy chiếu.</translation>
    </message>
    <message>
        <source>en, vi or zh.</source>
        <translation>en, vi hoặc zh.</translation>
    </message>
    <message>
        <source>torch.manual_seed.</source>
        <translation>torch.manual_seed.</translation>
    </message>
    <message>
        <source>V.</source>
        <translation>V.</translation>
    </message>
    <message>
        <source>D.</source>
        <translation>D.</translation>
    </message>
    <message>
        <source>Token ids.</source>
        <translation>Các token id.</translation>
    </message>
    <message>
        <source>Tie lm_head to the embedding.</source>
        <translation>Buộc lm_head với embedding.</translation>
    </message>
    <message>
        <source>Initialiser spec.</source>
        <translation>Spec của bộ khởi tạo.</translation>
    </message>
    <message>
        <source>Session file.</source>
        <translation>Tệp phiên.</translation>
    </message>
    <message>
        <source>Weight file, as FILE[:TENSOR].</source>
        <translation>Tệp trọng số, dạng FILE[:TENSOR].</translation>
    </message>
    <message>
        <source>reference or gpt2.</source>
        <translation>reference hoặc gpt2.</translation>
    </message>
    <message>
        <source>Animation step to show.</source>
        <translation>Bước hoạt ảnh cần hiển thị.</translation>
    </message>
    <message>
        <source>Window size, e.g. 1400x860; with --export, the view's size.</source>
        <translation>Kích thước cửa sổ, ví dụ 1400x860; với --export, kích thước của khung nhìn.</translation>
    </message>
    <message>
        <source>Render the window to a PNG and exit.</source>
        <translation>Kết xuất cửa sổ thành PNG rồi thoát.</translation>
    </message>
    <message>
        <source>Before the screenshot: tied, untied-reinit, compare, train or tokens.</source>
        <translation>Trước khi chụp màn hình: tied, untied-reinit, compare, train hoặc tokens.</translation>
    </message>
    <message>
        <source>Once idle, write the window's state as a session to FILE and exit (for scripts and tests: it shows what a crash recovery restored).</source>
        <translation>Sau khi rảnh, ghi trạng thái của cửa sổ thành một phiên vào FILE rồi thoát (cho script và kiểm thử: cho thấy khôi phục sau sự cố đã khôi phục gì).</translation>
    </message>
    <message>
        <source>A session (.embedlab) to open, or a weight file (.npy, .safetensors, .gguf) whose tensor becomes embedding.weight.</source>
        <translation>Một phiên (.embedlab) để mở, hoặc một tệp trọng số (.npy, .safetensors, .gguf) mà tensor của nó trở thành embedding.weight.</translation>
    </message>
    <message>
        <source>Text for the tokenizer, typed in text mode.</source>
        <translation>Văn bản cho bộ tách token, gõ ở chế độ văn bản.</translation>
    </message>
    <message>
        <source>One training step, with the Training panel in front.</source>
        <translation>Một bước huấn luyện, với bảng Huấn luyện ở phía trước.</translation>
    </message>
    <message>
        <source>Background: window, white or transparent.</source>
        <translation>Nền: window (màu cửa sổ), white (trắng) hoặc transparent (trong suốt).</translation>
    </message>
    <message>
        <source>Draw the selection and highlight marks in.</source>
        <translation>Vẽ cả dấu chọn và dấu tô sáng.</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::Document</name>
    <message>
        <source>The last step's results belonged to weights that have changed since (undo, an initialiser, a tie or a new model): they were cleared.</source>
        <translation>Kết quả của bước vừa rồi thuộc về các trọng số đã thay đổi sau đó (hoàn tác, một bộ khởi tạo, việc buộc trọng số hoặc một mô hình mới): chúng đã được xoá.</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::ExportController</name>
    <message>
        <source>E&amp;xport</source>
        <translation>&amp;Xuất</translation>
    </message>
    <message>
        <source>&amp;Copy as Image</source>
        <translation>&amp;Sao chép dưới dạng ảnh</translation>
    </message>
    <message>
        <source>embedding.weight Heatmap</source>
        <translation>Bản đồ nhiệt embedding.weight</translation>
    </message>
    <message>
        <source>lm_head.weight Heatmap</source>
        <translation>Bản đồ nhiệt lm_head.weight</translation>
    </message>
    <message>
        <source>One-Hot Animation Frame</source>
        <translation>Khung hình hoạt ảnh one-hot</translation>
    </message>
    <message>
        <source>Initialisation Histogram</source>
        <translation>Biểu đồ tần suất khởi tạo</translation>
    </message>
    <message>
        <source>Unembedding Charts</source>
        <translation>Biểu đồ giải nhúng</translation>
    </message>
    <message>
        <source>Whole Window</source>
        <translation>Toàn bộ cửa sổ</translation>
    </message>
    <message>
        <source>%1 (PNG, SVG, PDF)...</source>
        <translation>%1 (PNG, SVG, PDF)...</translation>
    </message>
    <message>
        <source>Animation as PNG &amp;Frames...</source>
        <translation>Hoạt ảnh thành các &amp;khung hình PNG...</translation>
    </message>
    <message>
        <source>&amp;Weights as .npy...</source>
        <translation>&amp;Trọng số thành .npy...</translation>
    </message>
    <message>
        <source>Export View</source>
        <translation>Xuất khung nhìn</translation>
    </message>
    <message>
        <source>PNG image (*.png);;SVG drawing (*.svg);;PDF document (*.pdf)</source>
        <translation>Ảnh PNG (*.png);;Bản vẽ SVG (*.svg);;Tài liệu PDF (*.pdf)</translation>
    </message>
    <message>
        <source>Exported %1</source>
        <translation>Đã xuất %1</translation>
    </message>
    <message>
        <source>Exporting %1 ...</source>
        <translation>Đang xuất %1 ...</translation>
    </message>
    <message>
        <source>Copied the image to the clipboard</source>
        <translation>Đã sao chép ảnh vào bộ nhớ tạm</translation>
    </message>
    <message>
        <source>Export Animation Frames</source>
        <translation>Xuất các khung hình hoạt ảnh</translation>
    </message>
    <message>
        <source>Writing animation frames ...</source>
        <translation>Đang ghi các khung hình hoạt ảnh ...</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Huỷ</translation>
    </message>
    <message numerus="yes">
        <source>Export cancelled after %n frame(s) in %1</source>
        <translation>
            <numerusform>Đã huỷ xuất sau %n khung hình trong %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Wrote %n frame(s) to %1</source>
        <translation>
            <numerusform>Đã ghi %n khung hình vào %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Export Weights</source>
        <translation>Xuất trọng số</translation>
    </message>
    <message>
        <source>Tensor:</source>
        <translation>Tensor:</translation>
    </message>
    <message>
        <source>NumPy arrays (*.npy)</source>
        <translation>Mảng NumPy (*.npy)</translation>
    </message>
    <message>
        <source>There is no %1.</source>
        <translation>Không có %1.</translation>
    </message>
    <message>
        <source>Export Screenshot</source>
        <translation>Xuất ảnh chụp màn hình</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>Ảnh PNG (*.png)</translation>
    </message>
    <message>
        <source>Could not write '%1'.</source>
        <translation>Không thể ghi '%1'.</translation>
    </message>
    <message>
        <source>Nearest Neighbours</source>
        <translation>Lân cận gần nhất</translation>
    </message>
    <message>
        <source>Copying the image ...</source>
        <translation>Đang sao chép hình ảnh ...</translation>
    </message>
    <message>
        <source>Fit a Text: Loss Curve</source>
        <translation>Huấn luyện trên văn bản: đường cong loss</translation>
    </message>
    <message>
        <source>Fit a Text: Token Map</source>
        <translation>Huấn luyện trên văn bản: bản đồ token</translation>
    </message>
    <message>
        <source>Fit a Text Run as PNG F&amp;rames...</source>
        <translation>Lượt &amp;chạy huấn luyện trên văn bản thành khung hình PNG...</translation>
    </message>
    <message>
        <source>Run Fit a Text first: its run has no steps to export.</source>
        <translation>Hãy chạy Huấn luyện trên văn bản trước: lượt chạy chưa có bước nào để xuất.</translation>
    </message>
    <message>
        <source>Export Fit a Text Run as Frames</source>
        <translation>Xuất lượt chạy huấn luyện trên văn bản thành khung hình</translation>
    </message>
    <message>
        <source>Writing the run's frames ...</source>
        <translation>Đang ghi các khung hình của lượt chạy ...</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::ExportOptionsDialog</name>
    <message>
        <source>Draw the selection and highlight &amp;marks</source>
        <translation>Vẽ cả dấu &amp;chọn và dấu tô sáng</translation>
    </message>
    <message>
        <source>Export View</source>
        <translation>Xuất khung nhìn</translation>
    </message>
    <message>
        <source>The PNG has this many pixels for each pixel of the view.</source>
        <translation>Mỗi điểm ảnh của khung nhìn thành chừng này điểm ảnh trong tệp PNG.</translation>
    </message>
    <message>
        <source>SVG and PDF are drawn as vectors: they stay sharp at any size.</source>
        <translation>SVG và PDF được vẽ dạng véc-tơ: phóng to bao nhiêu vẫn sắc nét.</translation>
    </message>
    <message>
        <source>Window colour</source>
        <translation>Màu cửa sổ</translation>
    </message>
    <message>
        <source>White</source>
        <translation>Trắng</translation>
    </message>
    <message>
        <source>Transparent</source>
        <translation>Trong suốt</translation>
    </message>
    <message>
        <source>The heatmap's selected row and the one-hot animation's highlighted rows.</source>
        <translation>Hàng đang chọn trên bản đồ nhiệt và các hàng được tô sáng của hoạt ảnh one-hot.</translation>
    </message>
    <message>
        <source>&amp;Scale:</source>
        <translation>&amp;Tỉ lệ:</translation>
    </message>
    <message>
        <source>&amp;Background:</source>
        <translation>&amp;Nền:</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::FitMapView</name>
    <message>
        <source>Token map</source>
        <translation>Bản đồ token</translation>
    </message>
    <message>
        <source>Token map, %1</source>
        <translation>Bản đồ token, %1</translation>
    </message>
    <message>
        <source>The text's most frequent words on a fixed plane, aligned from step to step, each trailing a line through its recent places</source>
        <translation>Những từ xuất hiện nhiều nhất trong văn bản trên một mặt phẳng cố định, được căn chỉnh từ bước này sang bước khác, mỗi từ kéo theo một đường qua các vị trí gần đây của nó</translation>
    </message>
    <message>
        <source>%1, nearest %2</source>
        <translation>%1, gần nhất là %2</translation>
    </message>
    <message>
        <source>No words yet</source>
        <translation>Chưa có từ nào</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::FitOptimizerDialog</name>
    <message>
        <source>Optimiser of the Run</source>
        <translation>Bộ tối ưu của lượt chạy</translation>
    </message>
    <message>
        <source>The run starts again from step 0 with these settings.</source>
        <translation>Lượt chạy bắt đầu lại từ bước 0 với các thiết lập này.</translation>
    </message>
    <message>
        <source>Take the optimiser and settings the Training panel has now</source>
        <translation>Lấy bộ tối ưu và các thiết lập mà bảng Huấn luyện đang có</translation>
    </message>
    <message>
        <source>Why the settings cannot be used</source>
        <translation>Vì sao không dùng được các thiết lập này</translation>
    </message>
    <message>
        <source>&amp;Use the Training panel's: %1</source>
        <translation>&amp;Dùng thiết lập của bảng Huấn luyện: %1</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::FitPanel</name>
    <message>
        <source>Tie lm_head to the embedding</source>
        <translation>Gắn lm_head với embedding</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Chạy</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Bước</translation>
    </message>
    <message>
        <source>&amp;Text:</source>
        <translation>&amp;Văn bản:</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Văn bản</translation>
    </message>
    <message>
        <source>Steps per frame</source>
        <translation>Số bước mỗi khung hình</translation>
    </message>
    <message>
        <source>How many steps a run takes between two frames (about 30 a second)</source>
        <translation>Số bước chạy giữa hai khung hình (khoảng 30 khung hình mỗi giây)</translation>
    </message>
    <message>
        <source>S&amp;peed:</source>
        <translation>Tố&amp;c độ:</translation>
    </message>
    <message>
        <source>Timeline: the step shown</source>
        <translation>Dòng thời gian: bước đang hiển thị</translation>
    </message>
    <message>
        <source>Step and loss</source>
        <translation>Bước và loss</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>Tạm dừng</translation>
    </message>
    <message>
        <source>Reading the text ...</source>
        <translation>Đang đọc văn bản ...</translation>
    </message>
    <message>
        <source>%1 characters, %2 distinct: the model has V = %2 rows; ln V = %3</source>
        <translation>%1 ký tự, %2 ký tự khác nhau: mô hình có V = %2 hàng; ln V = %3</translation>
    </message>
    <message>
        <source>Step 0 of %1</source>
        <translation>Bước 0 / %1</translation>
    </message>
    <message>
        <source>Step %1 of %2, loss %3</source>
        <translation>Bước %1 / %2, loss %3</translation>
    </message>
    <message>
        <source>Choose a text</source>
        <translation>Chọn một văn bản</translation>
    </message>
    <message>
        <source>Choose a text to train on.</source>
        <translation>Hãy chọn một văn bản để huấn luyện.</translation>
    </message>
    <message>
        <source>Your own text...</source>
        <translation>Văn bản của bạn...</translation>
    </message>
    <message>
        <source>PyTorch script</source>
        <translation>Mã PyTorch</translation>
    </message>
    <message>
        <source>Show the whole run as a PyTorch script in place of the map: pasted into Python, it prints the losses this panel shows</source>
        <translation>Hiện cả lần chạy thành mã PyTorch thay cho bản đồ: dán vào Python, nó in ra đúng các giá trị loss mà bảng này hiển thị</translation>
    </message>
    <message>
        <source>PyTorch script of the run</source>
        <translation>Mã PyTorch của lần chạy</translation>
    </message>
    <message>
        <source>What the script prints</source>
        <translation>Những gì mã in ra</translation>
    </message>
    <message>
        <source>It prints:</source>
        <translation>Mã in ra:</translation>
    </message>
    <message>
        <source>Copy script</source>
        <translation>Sao chép mã</translation>
    </message>
    <message>
        <source>Copy the script to the clipboard (Edit &gt; Copy Python Code does too while this panel is in front)</source>
        <translation>Sao chép mã vào bộ nhớ tạm (Sửa &gt; Sao chép mã Python cũng làm vậy khi bảng này ở phía trước)</translation>
    </message>
    <message>
        <source>&amp;Compare tied and untied</source>
        <translation>S&amp;o sánh buộc và không buộc</translation>
    </message>
    <message>
        <source>Compare tied and untied</source>
        <translation>So sánh buộc và không buộc</translation>
    </message>
    <message>
        <source>Run the same text with the other tying beside this run, step for step: both loss curves, both maps</source>
        <translation>Chạy cùng văn bản với cách buộc còn lại bên cạnh lượt chạy này, từng bước một: cả hai đường cong loss, cả hai bản đồ</translation>
    </message>
    <message>
        <source>tied</source>
        <translation>buộc</translation>
    </message>
    <message>
        <source>untied</source>
        <translation>không buộc</translation>
    </message>
    <message>
        <source>loss, %1</source>
        <translation>loss, %1</translation>
    </message>
    <message>
        <source>&amp;Weights</source>
        <translation>T&amp;rọng số</translation>
    </message>
    <message>
        <source>Show emb.weight and head.weight in place of the map as they learn: the rows the last step changed, and the nearest tokens of a token</source>
        <translation>Hiện emb.weight và head.weight thay cho bản đồ trong khi chúng học: các hàng bước vừa rồi đã thay đổi, và các token gần nhất của một token</translation>
    </message>
    <message>
        <source>T&amp;okens:</source>
        <translation>Tok&amp;en:</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Các token</translation>
    </message>
    <message>
        <source>How the text becomes ids: GPT-2's tokenizer, one id per character, or the tokenizer of the model you opened</source>
        <translation>Cách văn bản thành id: tokenizer của GPT-2, mỗi ký tự một id, hoặc tokenizer của mô hình bạn đã mở</translation>
    </message>
    <message>
        <source>Characters</source>
        <translation>Ký tự</translation>
    </message>
    <message>
        <source>%1 tokens of %4, %2 distinct of its %5: the model has V = %2 rows; ln V = %3</source>
        <translation>%1 token của %4, %2 token khác nhau trong %5 token của nó: mô hình có V = %2 hàng; ln V = %3</translation>
    </message>
    <message>
        <source>The run could not be set up: %1</source>
        <translation>Không thể chuẩn bị lượt chạy: %1</translation>
    </message>
    <message>
        <source>torch.optim.SGD or Adam for the run, with the Training panel's settings: the run starts again from step 0</source>
        <translation>torch.optim.SGD hoặc Adam cho lượt chạy, với các thiết lập như bảng Huấn luyện: lượt chạy bắt đầu lại từ bước 0</translation>
    </message>
    <message>
        <source>Optimiser</source>
        <translation>Bộ tối ưu</translation>
    </message>
    <message>
        <source>Optimiser:</source>
        <translation>Bộ tối ưu:</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::FitSession</name>
    <message>
        <source>The run stored with the session could not be taken over (%1): it is computed again from step 0.</source>
        <translation>Không thể tiếp nhận lượt chạy được lưu cùng phiên (%1): lượt chạy được tính lại từ bước 0.</translation>
    </message>
    <message>
        <source>The text is empty.</source>
        <translation>Văn bản đang trống.</translation>
    </message>
    <message numerus="yes">
        <source>The text has %n character(s): a run needs at least %1 (a context of %2 and the one to guess).</source>
        <translation>
            <numerusform>Văn bản có %n ký tự: một lượt chạy cần ít nhất %1 (ngữ cảnh %2 và một ký tự để đoán).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The text has %n GPT-2 token(s): a run needs at least %1 (a context of %2 and the one to guess).</source>
        <translation>
            <numerusform>Văn bản có %n token GPT-2: một lượt chạy cần ít nhất %1 (ngữ cảnh %2 và một token để đoán).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>The text has %n token(s) of %3: a run needs at least %1 (a context of %2 and the one to guess).</source>
        <translation>
            <numerusform>Văn bản có %n token của %3: một lượt chạy cần ít nhất %1 (ngữ cảnh %2 và một token để đoán).</numerusform>
        </translation>
    </message>
    <message>
        <source>characters</source>
        <translation>ký tự</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::FitWeightsView</name>
    <message>
        <source>Neighbours of</source>
        <translation>Lân cận của</translation>
    </message>
    <message>
        <source>The token whose nearest rows of emb.weight, by cosine, are listed beside the heatmaps; clicking a row of a heatmap chooses it too</source>
        <translation>Token có các hàng gần nhất của emb.weight (theo cosine) được liệt kê cạnh các bản đồ nhiệt; bấm vào một hàng của bản đồ nhiệt cũng chọn nó</translation>
    </message>
    <message>
        <source>&amp;Neighbours of:</source>
        <translation>Lâ&amp;n cận của:</translation>
    </message>
    <message>
        <source>Nearest tokens by cosine</source>
        <translation>Các token gần nhất theo cosine</translation>
    </message>
    <message>
        <source>token %1 (id %2)</source>
        <translation>token %1 (id %2)</translation>
    </message>
    <message>
        <source>Step 0: the rows as nn.Embedding drew them.</source>
        <translation>Bước 0: các hàng như nn.Embedding đã rút ngẫu nhiên.</translation>
    </message>
    <message>
        <source>only the rows looked up have a gradient (sparse)</source>
        <translation>chỉ các hàng được tra cứu mới có gradient (thưa)</translation>
    </message>
    <message>
        <source>tied: the head's gradient reaches every row</source>
        <translation>buộc: gradient của head đến mọi hàng</translation>
    </message>
    <message>
        <source>Adam's moments move rows seen before</source>
        <translation>các moment của Adam tiếp tục dịch chuyển các hàng đã gặp trước đó</translation>
    </message>
    <message>
        <source>weight_decay pulls every row</source>
        <translation>weight_decay kéo mọi hàng</translation>
    </message>
    <message>
        <source>Step %1 changed %2 of %3 rows (bright): %4.</source>
        <translation>Bước %1 đã thay đổi %2 trên %3 hàng (sáng): %4.</translation>
    </message>
    <message>
        <source>; </source>
        <comment>between the reasons rows changed</comment>
        <translation>; </translation>
    </message>
</context>
<context>
    <name>embedlab::ui::FocusMode</name>
    <message>
        <source>Esc: back to all panels</source>
        <translation>Esc: quay lại tất cả các bảng</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::HeatmapView</name>
    <message>
        <source>Building overview…</source>
        <translation>Đang dựng ảnh tổng quan…</translation>
    </message>
    <message>
        <source>empty matrix: %1 x %2</source>
        <translation>ma trận rỗng: %1 x %2</translation>
    </message>
    <message>
        <source>No matrix</source>
        <translation>Không có ma trận</translation>
    </message>
    <message>
        <source>Colour map</source>
        <translation>Bảng màu</translation>
    </message>
    <message>
        <source>Zoomed-out pixels show</source>
        <translation>Khi thu nhỏ, mỗi điểm ảnh hiển thị</translation>
    </message>
    <message>
        <source>%1 per block</source>
        <translation>%1 của mỗi khối</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>Phóng to</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>Thu nhỏ</translation>
    </message>
    <message>
        <source>Whole matrix</source>
        <translation>Toàn bộ ma trận</translation>
    </message>
    <message>
        <source>token %1</source>
        <translation>token %1</translation>
    </message>
    <message>
        <source>%1 rows × %2 columns</source>
        <translation>%1 hàng × %2 cột</translation>
    </message>
    <message>
        <source>, row %1 selected</source>
        <translation>, đã chọn hàng %1</translation>
    </message>
    <message>
        <source>, no row selected</source>
        <translation>, chưa chọn hàng nào</translation>
    </message>
    <message>
        <source>; colour map %1 from -%2 (low) through 0 to %2 (high)</source>
        <translation>; bảng màu %1 từ -%2 (thấp) qua 0 đến %2 (cao)</translation>
    </message>
    <message>
        <source>Weight heatmap</source>
        <translation>Bản đồ nhiệt trọng số</translation>
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
        <translation>Normal cắt cụt trên [%1, %2]</translation>
    </message>
    <message>
        <source>Constant(%1)</source>
        <translation>Hằng số(%1)</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::IdsEntry</name>
    <message>
        <source>Text</source>
        <translation>Văn bản</translation>
    </message>
    <message>
        <source>Type text instead of ids: the model's tokenizer turns it into token ids. Text in double quotes ("Hello world") is read as text in either mode.</source>
        <translation>Gõ văn bản thay cho id: bộ tách token của mô hình biến nó thành các id token. Văn bản trong ngoặc kép ("Hello world") được đọc là văn bản ở cả hai chế độ.</translation>
    </message>
    <message>
        <source>Token ids: a list (2, 3, 1) or a 2-D batch ([[2, 3], [1, 0]]). Each id picks one row of embedding.weight.</source>
        <translation>Token id: một danh sách (2, 3, 1) hoặc một lô 2 chiều ([[2, 3], [1, 0]]). Mỗi id chọn một hàng của embedding.weight.</translation>
    </message>
    <message>
        <source>text, e.g. Hello world</source>
        <translation>văn bản, ví dụ Hello world</translation>
    </message>
    <message>
        <source>token ids, e.g. 2, 3, 1 or [[2, 3], [1, 0]]</source>
        <translation>các token id, ví dụ 2, 3, 1 hoặc [[2, 3], [1, 0]]</translation>
    </message>
    <message>
        <source>Text cannot be typed: its tokens label the rows, but EmbedLab does not encode with this tokenizer (%1)</source>
        <translation>Không gõ được văn bản: các token của nó gắn nhãn cho các hàng, nhưng EmbedLab không mã hoá được bằng bộ tách token này (%1)</translation>
    </message>
    <message numerus="yes">
        <source>%n token id(s): %1</source>
        <translation>
            <numerusform>%n id token: %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>embedlab::ui::InitHistogram</name>
    <message>
        <source>%1 (empty: 0 elements, every count is 0)</source>
        <translation>%1 (rỗng: 0 phần tử, mọi số đếm đều là 0)</translation>
    </message>
    <message>
        <source>mean</source>
        <translation>trung bình</translation>
    </message>
    <message>
        <source>std</source>
        <translation>độ lệch chuẩn</translation>
    </message>
    <message>
        <source>min</source>
        <translation>nhỏ nhất</translation>
    </message>
    <message>
        <source>max</source>
        <translation>lớn nhất</translation>
    </message>
    <message>
        <source>elements</source>
        <translation>số phần tử</translation>
    </message>
    <message>
        <source>Compare Embedding and Linear</source>
        <translation>So sánh Embedding và Linear</translation>
    </message>
    <message>
        <source>Overlay nn.Embedding's Normal(0, 1) and nn.Linear's Kaiming-uniform weights</source>
        <translation>Chồng trọng số Normal(0, 1) của nn.Embedding lên trọng số Kaiming-uniform của nn.Linear</translation>
    </message>
    <message>
        <source>&amp;Bins:</source>
        <translation>Số &amp;khoảng:</translation>
    </message>
    <message>
        <source>&amp;Range:</source>
        <translation>&amp;Phạm vi:</translation>
    </message>
    <message>
        <source>Auto (data min to max)</source>
        <translation>Tự động (min đến max)</translation>
    </message>
    <message>
        <source>Symmetric around 0</source>
        <translation>Đối xứng quanh 0</translation>
    </message>
    <message>
        <source>Custom</source>
        <translation>Tuỳ chỉnh</translation>
    </message>
    <message>
        <source>Lower end of the binned interval (torch.histc's min)</source>
        <translation>Đầu dưới của khoảng chia (min của torch.histc)</translation>
    </message>
    <message>
        <source>Upper end of the binned interval (torch.histc's max)</source>
        <translation>Đầu trên của khoảng chia (max của torch.histc)</translation>
    </message>
    <message>
        <source>Lo&amp;g counts</source>
        <translation>Đếm theo &amp;log</translation>
    </message>
    <message>
        <source>Show log10(1 + count), so tails and a narrow peak fit on one chart</source>
        <translation>Hiển thị log10(1 + count) để phần đuôi và một đỉnh hẹp vừa trên cùng một biểu đồ</translation>
    </message>
    <message>
        <source>weight value</source>
        <translation>giá trị trọng số</translation>
    </message>
    <message>
        <source>Binning…</source>
        <translation>Đang chia khoảng…</translation>
    </message>
    <message>
        <source>%1 density</source>
        <translation>mật độ %1</translation>
    </message>
    <message>
        <source> vs </source>
        <translation> so với </translation>
    </message>
    <message>
        <source>log10(1 + count)</source>
        <translation>log10(1 + count)</translation>
    </message>
    <message>
        <source>count</source>
        <translation>tần số</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a tensor's name and a note on it</comment>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>log count</source>
        <comment>short axis title</comment>
        <translation>log tần số</translation>
    </message>
    <message>
        <source>expected: %1</source>
        <translation>kỳ vọng: %1</translation>
    </message>
    <message>
        <source>expected</source>
        <translation>kỳ vọng</translation>
    </message>
    <message>
        <source>distinct</source>
        <translation>khác nhau</translation>
    </message>
    <message>
        <source>How many different values the tensor holds (numpy.unique(w).size)</source>
        <translation>Tensor chứa bao nhiêu giá trị khác nhau (numpy.unique(w).size)</translation>
    </message>
    <message>
        <source>Counting the distinct values…</source>
        <translation>Đang đếm các giá trị khác nhau…</translation>
    </message>
    <message>
        <source>Statistics</source>
        <translation>Thống kê</translation>
    </message>
    <message>
        <source>%1: %2 elements in %3 bins from %4 to %5; mean %6, std %7, min %8, max %9</source>
        <translation>%1: %2 phần tử trong %3 khoảng từ %4 đến %5; trung bình %6, độ lệch chuẩn %7, nhỏ nhất %8, lớn nhất %9</translation>
    </message>
    <message>
        <source>Histogram of %1</source>
        <translation>Biểu đồ tần suất của %1</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::InitPanel</name>
    <message>
        <source>&amp;Initialiser:</source>
        <translation>&amp;Bộ khởi tạo:</translation>
    </message>
    <message>
        <source>Appl&amp;y to:</source>
        <translation>Áp dụng ch&amp;o:</translation>
    </message>
    <message>
        <source>torch.manual_seed</source>
        <translation>torch.manual_seed</translation>
    </message>
    <message>
        <source>Reseed the generator first, so the same initialiser gives the same values</source>
        <translation>Đặt lại seed cho bộ sinh trước, để cùng một bộ khởi tạo cho ra cùng các giá trị</translation>
    </message>
    <message>
        <source>&amp;Seed:</source>
        <translation>See&amp;d:</translation>
    </message>
    <message>
        <source>Layer defaults:</source>
        <translation>Mặc định của lớp:</translation>
    </message>
    <message>
        <source>nn.Embedding</source>
        <translation>nn.Embedding</translation>
    </message>
    <message>
        <source>Embedding.reset_parameters(): normal_(weight) = Normal(0, 1)</source>
        <translation>Embedding.reset_parameters(): normal_(weight) = Normal(0, 1)</translation>
    </message>
    <message>
        <source>nn.Linear</source>
        <translation>nn.Linear</translation>
    </message>
    <message>
        <source>Linear.reset_parameters(): kaiming_uniform_(weight, a=math.sqrt(5)) = Uniform(-1/sqrt(in_features), 1/sqrt(in_features))</source>
        <translation>Linear.reset_parameters(): kaiming_uniform_(weight, a=math.sqrt(5)) = Uniform(-1/sqrt(in_features), 1/sqrt(in_features))</translation>
    </message>
    <message>
        <source>&amp;Live</source>
        <translation>T&amp;rực tiếp</translation>
    </message>
    <message>
        <source>Re-initialise while you edit</source>
        <translation>Khởi tạo lại ngay khi bạn chỉnh sửa</translation>
    </message>
    <message>
        <source>A&amp;pply</source>
        <translation>Áp dụ&amp;ng</translation>
    </message>
    <message>
        <source>No arguments besides the tensor.</source>
        <translation>Không có đối số nào ngoài tensor.</translation>
    </message>
    <message>
        <source>required</source>
        <translation>bắt buộc</translation>
    </message>
    <message>
        <source>Any Python float: 0.02, 1e-3, -inf</source>
        <translation>Bất kỳ số float nào của Python: 0.02, 1e-3, -inf</translation>
    </message>
    <message>
        <source>%1 from %2 to %3</source>
        <translation>%1 từ %2 đến %3</translation>
    </message>
    <message>
        <source>enter a seed</source>
        <translation>nhập một seed</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::Lab</name>
    <message>
        <source>lm_head's own %1 values were dropped; it now shows embedding.weight (one storage)</source>
        <translation>%1 giá trị riêng của lm_head đã bị bỏ; giờ nó hiển thị embedding.weight (một vùng lưu trữ)</translation>
    </message>
    <message>
        <source>lm_head.weight has its own storage again, a copy of embedding.weight</source>
        <translation>lm_head.weight lại có vùng lưu trữ riêng, là bản sao của embedding.weight</translation>
    </message>
    <message>
        <source>lm_head.weight has its own storage again, re-initialised by reset_parameters()</source>
        <translation>lm_head.weight lại có vùng lưu trữ riêng, được khởi tạo lại bằng reset_parameters()</translation>
    </message>
    <message>
        <source>Enter at least one token id, e.g. 2, 3, 1</source>
        <translation>Nhập ít nhất một token id, ví dụ 2, 3, 1</translation>
    </message>
    <message>
        <source>%1 is not a 2-D matrix: only a [V, D] tensor can be a weight.</source>
        <translation>%1 không phải là ma trận 2 chiều: chỉ tensor [V, D] mới có thể là trọng số.</translation>
    </message>
    <message>
        <source>Undo skipped: that step changed Embedding(%1, %2)%3, but the model is now Embedding(%4, %5)%6, replaced outside the undo history (by a lesson step).</source>
        <translation>Đã bỏ qua hoàn tác: bước đó đã thay đổi Embedding(%1, %2)%3, nhưng mô hình hiện là Embedding(%4, %5)%6, đã được thay thế bên ngoài lịch sử hoàn tác (bởi một bước của bài học).</translation>
    </message>
    <message>
        <source> with lm_head.bias</source>
        <translation> với lm_head.bias</translation>
    </message>
    <message>
        <source>Undo skipped: lm_head.weight was untied when that step was taken and has been tied outside the undo history since (by a lesson step).</source>
        <translation>Đã bỏ qua hoàn tác: lm_head.weight chưa được buộc khi thực hiện bước đó, và từ đó đã được buộc bên ngoài lịch sử hoàn tác (bởi một bước của bài học).</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::LabScheduler</name>
    <message>
        <source>Building Embedding(%1, %2) and Linear(%2, %1) ...</source>
        <translation>Đang dựng Embedding(%1, %2) và Linear(%2, %1) ...</translation>
    </message>
    <message>
        <source>Computing embedding(ids) and one_hot(ids) @ weight ...</source>
        <translation>Đang tính embedding(ids) và one_hot(ids) @ weight ...</translation>
    </message>
    <message>
        <source>Running torch.nn.init.%1_ on %2 ...</source>
        <translation>Đang chạy torch.nn.init.%1_ trên %2 ...</translation>
    </message>
    <message>
        <source>%1 changed while it was being initialised; apply again.</source>
        <translation>%1 đã thay đổi trong lúc đang khởi tạo; hãy áp dụng lại.</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::LabTraining</name>
    <message>
        <source>This training step needs %1 more memory (gradients %2, optimizer state %3, logits %4, working copy %5) but only %6 is available: it was not run.</source>
        <translation>Bước huấn luyện này cần thêm %1 bộ nhớ (gradient %2, trạng thái bộ tối ưu %3, logits %4, bản sao làm việc %5) nhưng chỉ còn %6: bước này đã không được chạy.</translation>
    </message>
    <message>
        <source>Training waits until the current computation has finished.</source>
        <translation>Việc huấn luyện chờ đến khi phép tính hiện tại hoàn tất.</translation>
    </message>
    <message>
        <source>targets must have the same shape as ids (ids %1, targets %2): targets[k] is the token that should follow ids[k]. (PyTorch would accept this after .view(-1), pairing them in flattened order.)</source>
        <translation>targets phải có cùng hình dạng với ids (ids %1, targets %2): targets[k] là token nên đứng sau ids[k]. (PyTorch sẽ chấp nhận sau khi .view(-1), ghép cặp theo thứ tự đã làm phẳng.)</translation>
    </message>
    <message>
        <source>Training step on %1 weights ...</source>
        <translation>Đang huấn luyện một bước trên %1 trọng số ...</translation>
    </message>
    <message>
        <source>This training step ran out of memory: it was not run.</source>
        <translation>Bước huấn luyện này đã hết bộ nhớ: bước này đã không được chạy.</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::LabUndo</name>
    <message>
        <source>%1 (cannot be undone: over the undo memory budget)</source>
        <translation>%1 (không thể hoàn tác: vượt quá giới hạn bộ nhớ hoàn tác)</translation>
    </message>
    <message>
        <source>Training step (loss %1)</source>
        <translation>Bước huấn luyện (loss %1)</translation>
    </message>
    <message>
        <source>Older undo steps were dropped to keep undo memory under %1.</source>
        <translation>Các bước hoàn tác cũ đã bị bỏ để giữ bộ nhớ hoàn tác dưới %1.</translation>
    </message>
    <message>
        <source>Edit ids</source>
        <translation>Sửa các id</translation>
    </message>
    <message>
        <source>Init %1</source>
        <translation>Khởi tạo %1</translation>
    </message>
    <message>
        <source>Tie lm_head.weight = embedding.weight</source>
        <translation>Buộc lm_head.weight = embedding.weight</translation>
    </message>
    <message>
        <source>Untie lm_head (keep the values)</source>
        <translation>Gỡ buộc lm_head (giữ các giá trị)</translation>
    </message>
    <message>
        <source>Untie lm_head (re-initialise)</source>
        <translation>Gỡ buộc lm_head (khởi tạo lại)</translation>
    </message>
    <message>
        <source>Load %1 from %2</source>
        <translation>Nạp %1 từ %2</translation>
    </message>
    <message>
        <source>GPT-2 small preset</source>
        <translation>Cấu hình sẵn GPT-2 small</translation>
    </message>
    <message>
        <source>Reference example preset</source>
        <translation>Cấu hình sẵn của ví dụ tham khảo</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::LayerPanel</name>
    <message>
        <source>%1 bytes (float32)</source>
        <translation>%1 byte (float32)</translation>
    </message>
    <message>
        <source>%1 = %2 MB = %3 MiB</source>
        <translation>%1 = %2 MB = %3 MiB</translation>
    </message>
    <message>
        <source>Reference example</source>
        <translation>Ví dụ tham khảo</translation>
    </message>
    <message>
        <source>torch.manual_seed(123), Embedding(4, 5), ids [2, 3, 1], as in the documents</source>
        <translation>torch.manual_seed(123), Embedding(4, 5), ids [2, 3, 1], như trong tài liệu</translation>
    </message>
    <message>
        <source>GPT-2 small</source>
        <translation>GPT-2 small</translation>
    </message>
    <message>
        <source>wte = Embedding(50257, 768), lm_head = Linear(768, 50257, bias=False), tied</source>
        <translation>wte = Embedding(50257, 768), lm_head = Linear(768, 50257, bias=False), được buộc</translation>
    </message>
    <message>
        <source>torch.manual_seed(seed) runs before the constructors draw their weights</source>
        <translation>torch.manual_seed(seed) chạy trước khi các hàm khởi tạo lớp rút trọng số</translation>
    </message>
    <message>
        <source>Vocabulary size V: one row per token id</source>
        <translation>Kích thước từ vựng V: mỗi token id một hàng</translation>
    </message>
    <message>
        <source>Embedding size D: the length of each row</source>
        <translation>Kích thước embedding D: độ dài của mỗi hàng</translation>
    </message>
    <message>
        <source>padding_idx: that row starts at zero and never gets a gradient</source>
        <translation>padding_idx: hàng đó bắt đầu bằng 0 và không bao giờ nhận gradient</translation>
    </message>
    <message>
        <source>max_norm: looked-up rows longer than this are rescaled in place</source>
        <translation>max_norm: các hàng được tra cứu có độ dài lớn hơn giá trị này sẽ được co lại tại chỗ</translation>
    </message>
    <message>
        <source>lm_head maps an embedding (D values) back to one score per token (V)</source>
        <translation>lm_head ánh xạ một embedding (D giá trị) ngược về một điểm số cho mỗi token (V)</translation>
    </message>
    <message>
        <source>bias: adds a learnable vector [out_features]; GPT-2's lm_head has none</source>
        <translation>bias: cộng thêm một vector học được [out_features]; lm_head của GPT-2 không có</translation>
    </message>
    <message>
        <source>Weight tying: both layers share one storage, as in GPT-2. Possible because both weights have the same shape [V, D].</source>
        <translation>Buộc trọng số: cả hai lớp dùng chung một vùng lưu trữ, như trong GPT-2. Làm được vì hai trọng số có cùng hình dạng [V, D].</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>Tham số</translation>
    </message>
    <message>
        <source>The same shape as embedding.weight although the arguments come in the opposite order: Linear stores [out_features, in_features].</source>
        <translation>Cùng hình dạng với embedding.weight dù các đối số có thứ tự ngược lại: Linear lưu [out_features, in_features].</translation>
    </message>
    <message>
        <source> (lm_head.weight is the same storage, counted once)</source>
        <translation> (lm_head.weight là cùng một vùng lưu trữ, chỉ tính một lần)</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; parameters&lt;br&gt;%2&lt;br&gt;%3</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; tham số&lt;br&gt;%2&lt;br&gt;%3</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::Lesson</name>
    <message>
        <source>1. Two constructors, opposite orders</source>
        <translation>1. Hai hàm khởi tạo, thứ tự ngược nhau</translation>
    </message>
    <message>
        <source>nn.Embedding(num_embeddings, embedding_dim) takes the vocabulary first; nn.Linear(in_features, out_features) takes the input size first. Swapping them is the most common confusion between the two layers.</source>
        <translation>nn.Embedding(num_embeddings, embedding_dim) nhận kích thước từ vựng trước; nn.Linear(in_features, out_features) nhận kích thước đầu vào trước. Đảo lẫn hai thứ tự này là nhầm lẫn phổ biến nhất giữa hai lớp.</translation>
    </message>
    <message>
        <source>2. The same weight shape</source>
        <translation>2. Cùng một hình dạng trọng số</translation>
    </message>
    <message>
        <source>Embedding(4, 5).weight has shape [4, 5]: one row per token. Linear stores its weight as [out_features, in_features], so Linear(5, 4).weight is also [4, 5]. Both are plain nn.Parameter matrices.</source>
        <translation>Embedding(4, 5).weight có hình dạng [4, 5]: mỗi token một hàng. Linear lưu trọng số dưới dạng [out_features, in_features], nên Linear(5, 4).weight cũng là [4, 5]. Cả hai đều chỉ là ma trận nn.Parameter.</translation>
    </message>
    <message>
        <source>3. The lookup</source>
        <translation>3. Phép tra cứu</translation>
    </message>
    <message>
        <source>embedding(torch.tensor([2, 3, 1])) returns rows 2, 3 and 1 of the weight, in that order. Nothing is computed: the rows are copied.</source>
        <translation>embedding(torch.tensor([2, 3, 1])) trả về các hàng 2, 3 và 1 của trọng số, theo đúng thứ tự đó. Không có phép tính nào: các hàng chỉ được sao chép.</translation>
    </message>
    <message>
        <source>4. One-hot times the weight</source>
        <translation>4. One-hot nhân với trọng số</translation>
    </message>
    <message>
        <source>5. The same result</source>
        <translation>5. Cùng một kết quả</translation>
    </message>
    <message>
        <source>A Linear(4, 5, bias=False) whose weight is embedding.weight.T gives exactly the same output for the one-hot vectors as the embedding gives for the ids: the badge says they are equal, bit for bit.</source>
        <translation>Một Linear(4, 5, bias=False) có trọng số là embedding.weight.T cho ra đầu ra với các vector one-hot giống hệt đầu ra của embedding với các id: huy hiệu cho biết chúng bằng nhau đến từng bit.</translation>
    </message>
    <message>
        <source>6. The cost</source>
        <translation>6. Chi phí</translation>
    </message>
    <message>
        <source>The one-hot path does num_embeddings x embedding_dim multiply-adds per token, almost all of them by zero; the lookup copies embedding_dim values. For GPT-2 (50257 x 768) that is 38.6 million multiply-adds against 768 copies per token.</source>
        <translation>Cách one-hot thực hiện num_embeddings x embedding_dim phép nhân-cộng cho mỗi token, hầu hết là nhân với 0; phép tra cứu chỉ sao chép embedding_dim giá trị. Với GPT-2 (50257 x 768), đó là 38,6 triệu phép nhân-cộng so với 768 lần sao chép cho mỗi token.</translation>
    </message>
    <message>
        <source>7. Two default initialisations</source>
        <translation>7. Hai cách khởi tạo mặc định</translation>
    </message>
    <message>
        <source>nn.Embedding draws its weight from Normal(0, 1). nn.Linear uses kaiming_uniform_(a=sqrt(5)): Uniform(-1/sqrt(in_features), 1/sqrt(in_features)). Same shape, very different scales.</source>
        <translation>nn.Embedding rút trọng số từ Normal(0, 1). nn.Linear dùng kaiming_uniform_(a=sqrt(5)): Uniform(-1/sqrt(in_features), 1/sqrt(in_features)). Cùng hình dạng, nhưng thang đo rất khác nhau.</translation>
    </message>
    <message>
        <source>8. Weight tying</source>
        <translation>8. Buộc trọng số</translation>
    </message>
    <message>
        <source>lm_head.weight = embedding.weight makes both layers use one storage, as GPT-2 does: the output layer scores a hidden vector h against every token's embedding (h @ W.T). It saves 38.6 million parameters in GPT-2 small.</source>
        <translation>lm_head.weight = embedding.weight khiến hai lớp dùng chung một vùng lưu trữ, như GPT-2: lớp đầu ra chấm điểm vector ẩn h với embedding của từng token (h @ W.T). Cách này tiết kiệm 38,6 triệu tham số trong GPT-2 small.</translation>
    </message>
    <message>
        <source>9. Gradients</source>
        <translation>9. Gradient</translation>
    </message>
    <message>
        <source>10. Common pitfalls</source>
        <translation>10. Các lỗi thường gặp</translation>
    </message>
    <message>
        <source>Ids must be integers in [0, num_embeddings): id 4 in an Embedding(4, 5) raises "IndexError: index out of range in self". The padding_idx row starts at zero and never gets a gradient. Swapped Linear arguments give the transposed shape.</source>
        <translation>Các id phải là số nguyên trong [0, num_embeddings): id 4 trong Embedding(4, 5) gây ra "IndexError: index out of range in self". Hàng padding_idx bắt đầu bằng 0 và không bao giờ nhận gradient. Đảo đối số của Linear sẽ cho hình dạng chuyển vị.</translation>
    </message>
    <message>
        <source>In GPT-2, a token is not always a character:</source>
        <translation>Trong GPT-2, một token không phải lúc nào cũng là một ký tự:</translation>
    </message>
    <message>
        <source>The Training panel trains the next-token task on the ids: inputs [2, 3], targets [3, 1]. Only the looked-up rows of an embedding, 2 and 3, get a non-zero gradient (stored dense unless sparse=True). With plain SGD only those rows change; momentum, Adam and weight decay can change the others too.</source>
        <translation>Bảng Huấn luyện huấn luyện bài toán token kế tiếp trên các id: inputs [2, 3], targets [3, 1]. Chỉ những hàng được tra cứu của embedding, 2 và 3, mới có gradient khác 0 (lưu dạng dày trừ khi sparse=True). Với SGD thuần chỉ những hàng đó thay đổi; momentum, Adam và weight decay có thể thay đổi cả các hàng khác.</translation>
    </message>
    <message>
        <source>one_hot(2) is [0, 0, 1, 0]. Multiplying it by the weight sums every row times 0 or 1, which leaves row 2. Press Right to step through the animation; PageDown goes on to the next step.</source>
        <translation>one_hot(2) là [0, 0, 1, 0]. Nhân nó với trọng số là cộng mọi hàng sau khi nhân với 0 hoặc 1, chỉ còn lại hàng 2. Nhấn Phải để đi qua từng bước của hoạt ảnh; PageDown chuyển sang bước tiếp theo.</translation>
    </message>
    <message>
        <source>11. Watch it learn</source>
        <translation>11. Xem mô hình học</translation>
    </message>
    <message>
        <source>A tiny language model, an Embedding and a tied Linear, is about to learn from a short text about kings and queens, fruit and weekdays. Its rows start random: the map shows the text's most frequent tokens scattered. Which ones will end up near each other? Guess, then press Run and watch the loss fall and the map move.</source>
        <translation>Một mô hình ngôn ngữ tí hon, gồm một Embedding và một Linear được buộc trọng số, sắp học từ một văn bản ngắn về vua và hoàng hậu, trái cây và các ngày trong tuần. Các hàng của nó bắt đầu ngẫu nhiên: bản đồ cho thấy các token xuất hiện nhiều nhất của văn bản nằm rải rác. Những token nào sẽ đến gần nhau? Hãy đoán, rồi bấm Chạy và xem loss giảm và bản đồ dịch chuyển.</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::LessonController</name>
    <message>
        <source>Guided Lesson</source>
        <translation>Bài học có hướng dẫn</translation>
    </message>
    <message>
        <source>Lesson step %1: %2</source>
        <translation>Bài học, bước %1: %2</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::LessonPanel</name>
    <message>
        <source>← Previous</source>
        <translation>← Trước</translation>
    </message>
    <message>
        <source>Next →</source>
        <translation>Tiếp →</translation>
    </message>
    <message>
        <source>End Lesson</source>
        <translation>Kết thúc bài học</translation>
    </message>
    <message>
        <source>Step %1 of %2</source>
        <translation>Bước %1 / %2</translation>
    </message>
    <message>
        <source>Resume at step %1</source>
        <translation>Tiếp tục từ bước %1</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::LookupArea</name>
    <message>
        <source>batch 32 × 512</source>
        <translation>lô 32 × 512</translation>
    </message>
    <message>
        <source>Count a training batch of 32 sequences of 512 tokens instead of the ids</source>
        <translation>Đếm cho một lô huấn luyện gồm 32 chuỗi, mỗi chuỗi 512 token, thay cho các id</translation>
    </message>
    <message>
        <source>&lt;span style="background:%1;color:black;"&gt;&amp;nbsp;⚠ out of date&amp;nbsp;&lt;/span&gt;</source>
        <translation>&lt;span style="background:%1;color:black;"&gt;&amp;nbsp;⚠ chưa cập nhật&amp;nbsp;&lt;/span&gt;</translation>
    </message>
    <message>
        <source>The views still show ids = %1: correct the entry to update them.</source>
        <translation>Các khung nhìn vẫn hiển thị ids = %1: hãy sửa ô nhập để cập nhật.</translation>
    </message>
    <message>
        <source>&lt;span style="background:%1;color:white;"&gt;&amp;nbsp;✓ equal&amp;nbsp;&lt;/span&gt;</source>
        <translation>&lt;span style="background:%1;color:white;"&gt;&amp;nbsp;✓ bằng nhau&amp;nbsp;&lt;/span&gt;</translation>
    </message>
    <message>
        <source>&lt;span style="background:%1;color:white;"&gt;&amp;nbsp;✗ differ&amp;nbsp;&lt;/span&gt;</source>
        <translation>&lt;span style="background:%1;color:white;"&gt;&amp;nbsp;✗ khác nhau&amp;nbsp;&lt;/span&gt;</translation>
    </message>
    <message>
        <source>embedding(ids), embedding.weight[ids], one_hot(ids).float() @ embedding.weight and the Linear on one_hot(ids) gave bitwise identical results</source>
        <translation>embedding(ids), embedding.weight[ids], one_hot(ids).float() @ embedding.weight và Linear trên one_hot(ids) cho kết quả giống hệt nhau đến từng bit</translation>
    </message>
    <message>
        <source>The four paths did not give bitwise identical results (a NaN never equals itself)</source>
        <translation>Bốn cách tính không cho kết quả giống hệt nhau đến từng bit (NaN không bao giờ bằng chính nó)</translation>
    </message>
    <message>
        <source>32 × 512 = %1</source>
        <translation>32 × 512 = %1</translation>
    </message>
    <message numerus="yes">
        <source>&lt;b&gt;%1 id(s)&lt;/b&gt;: the one-hot path does &lt;b&gt;%2&lt;/b&gt; multiply-adds, %3 of them multiplications by zero (%4 %) &amp;nbsp;·&amp;nbsp; the lookup copies &lt;b&gt;%5&lt;/b&gt; values (%6 bytes read) and multiplies nothing</source>
        <translation>
            <numerusform>&lt;b&gt;%1 id&lt;/b&gt;: cách one-hot làm &lt;b&gt;%2&lt;/b&gt; phép nhân-cộng, trong đó %3 phép nhân với 0 (%4 %) &amp;nbsp;·&amp;nbsp; cách tra cứu sao chép &lt;b&gt;%5&lt;/b&gt; giá trị (đọc %6 byte) và không nhân gì cả</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>embedlab::ui::LossChart</name>
    <message>
        <source>Loss curve</source>
        <translation>Đường cong loss</translation>
    </message>
    <message>
        <source>loss</source>
        <translation>loss</translation>
    </message>
    <message>
        <source>ln V: a uniform guess</source>
        <translation>ln V: đoán đều mọi token</translation>
    </message>
    <message>
        <source>step</source>
        <translation>bước</translation>
    </message>
    <message>
        <source>No steps yet.</source>
        <translation>Chưa có bước nào.</translation>
    </message>
    <message>
        <source>%1: no steps yet.</source>
        <translation>%1: chưa có bước nào.</translation>
    </message>
    <message>
        <source>%1: %2 steps, %3 at step 1, %4 at step %5, lowest %6 at step %7.</source>
        <translation>%1: %2 bước, %3 ở bước 1, %4 ở bước %5, thấp nhất %6 ở bước %7.</translation>
    </message>
    <message>
        <source>Step shown: %1, loss %2.</source>
        <translation>Bước đang hiện: %1, loss %2.</translation>
    </message>
    <message>
        <source>A uniform guess loses ln V = %1.</source>
        <translation>Một phép đoán đều có loss ln V = %1.</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::MainWindow</name>
    <message>
        <source>EmbedLab — nn.Embedding and nn.Linear, one weight matrix</source>
        <translation>EmbedLab — nn.Embedding và nn.Linear, một ma trận trọng số</translation>
    </message>
    <message>
        <source>Open Weights</source>
        <translation>Mở trọng số</translation>
    </message>
    <message>
        <source>Weight files (*.npy *.safetensors *.gguf);;PyTorch pickles (*.pt *.pth *.bin);;All files (*)</source>
        <translation>Tệp trọng số (*.npy *.safetensors *.gguf);;Tệp pickle PyTorch (*.pt *.pth *.bin);;Mọi tệp (*)</translation>
    </message>
    <message>
        <source>lm_head cannot be tied</source>
        <translation>Không thể buộc lm_head</translation>
    </message>
    <message>
        <source>The model could not be built</source>
        <translation>Không thể dựng mô hình</translation>
    </message>
    <message>
        <source>Row %1 of embedding.weight is the embedding of token id %1</source>
        <translation>Hàng %1 của embedding.weight là embedding của token id %1</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::NeighbourSearch</name>
    <message>
        <source>Row %1 is not a row of embedding.weight (0 to %2).</source>
        <translation>%1 không phải là một hàng của embedding.weight (0 đến %2).</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::NeighboursPanel</name>
    <message>
        <source>token or row id, e.g. Hello or 15496</source>
        <translation>token hoặc id hàng, ví dụ Hello hoặc 15496</translation>
    </message>
    <message>
        <source>Click a row of the heatmap or search a token.</source>
        <translation>Nhấp vào một hàng của heatmap hoặc tìm một token.</translation>
    </message>
    <message>
        <source>cosine</source>
        <translation>cosine</translation>
    </message>
    <message>
        <source>Rows most like row %1, by cosine similarity:</source>
        <translation>Các hàng giống hàng %1 nhất, theo độ tương đồng cosine:</translation>
    </message>
    <message>
        <source>Rows most like row %1 (%2), by cosine similarity:</source>
        <translation>Các hàng giống hàng %1 (%2) nhất, theo độ tương đồng cosine:</translation>
    </message>
    <message>
        <source>top </source>
        <translation>top </translation>
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
        <translation>Mở trọng số đã huấn luyện…</translation>
    </message>
    <message>
        <source>File &gt; Open Weights: a trained checkpoint's embedding (.safetensors, GGUF, .npy), whose neighbours mean something</source>
        <translation>Tệp &gt; Mở trọng số: embedding của một checkpoint đã huấn luyện (.safetensors, GGUF, .npy), khi đó các lân cận mới có ý nghĩa</translation>
    </message>
    <message>
        <source>Untrained: seeded %1; neighbours of random rows mean nothing.</source>
        <translation>Chưa huấn luyện: %1 theo seed; lân cận của các hàng ngẫu nhiên không có ý nghĩa gì.</translation>
    </message>
    <message>
        <source>Neighbours</source>
        <translation>Lân cận</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::OneHotView</name>
    <message>
        <source>Space: play/pause, Right/PageDown: step forward, Left/PageUp: step back, Home: restart</source>
        <translation>Space: phát/tạm dừng, Phải/PageDown: bước tới, Trái/PageUp: bước lùi, Home: bắt đầu lại</translation>
    </message>
    <message>
        <source>The ids do not fit Embedding(%1, ...): %2</source>
        <translation>Các id không phù hợp với Embedding(%1, ...): %2</translation>
    </message>
    <message>
        <source>Computing both paths ...</source>
        <translation>Đang tính cả hai cách ...</translation>
    </message>
    <message>
        <source>Both paths produced the same %1 rows, bit for bit (computed, not assumed): the one-hot product did %2 multiply-adds, the lookup none.</source>
        <translation>Cả hai cách cho ra cùng %1 hàng, giống đến từng bit (được tính thật, không phải giả định): phép nhân one-hot thực hiện %2 phép nhân-cộng, phép tra cứu không cần phép nào.</translation>
    </message>
    <message>
        <source>The paths differ (computed bitwise): a NaN or Inf in the weight never equals itself.</source>
        <translation>Các cách tính khác nhau (so sánh từng bit): NaN hoặc Inf trong trọng số không bao giờ bằng chính nó.</translation>
    </message>
    <message>
        <source>one_hot(%1): %2 entries, all 0 except a single 1 at position %1.</source>
        <translation>one_hot(%1): %2 phần tử, tất cả bằng 0 trừ một số 1 duy nhất tại vị trí %1.</translation>
    </message>
    <message>
        <source>one_hot(%1) @ W: entry i multiplies row i of W. %2 rows are multiplied by 0 and fade; only row %1 is multiplied by 1.</source>
        <translation>one_hot(%1) @ W: phần tử i nhân với hàng i của W. %2 hàng được nhân với 0 và mờ đi; chỉ hàng %1 được nhân với 1.</translation>
    </message>
    <message>
        <source>Summing the products over the rows: the zero rows add nothing, the sum is exactly row %1 of W.</source>
        <translation>Cộng các tích theo hàng: các hàng bằng 0 không đóng góp gì, tổng chính xác là hàng %1 của W.</translation>
    </message>
    <message>
        <source>The sum lands in output[%1]: the embedding of token %2.</source>
        <translation>Tổng được đặt vào output[%1]: embedding của token %2.</translation>
    </message>
    <message>
        <source>embedding(ids) reads W[%1] directly: %2 values copied, no multiplication at all.</source>
        <translation>embedding(ids) đọc trực tiếp W[%1]: sao chép %2 giá trị, không có phép nhân nào.</translation>
    </message>
    <message>
        <source>one-hot vector</source>
        <translation>vector one-hot</translation>
    </message>
    <message>
        <source>multiply row by row</source>
        <translation>nhân từng hàng</translation>
    </message>
    <message>
        <source>sum the rows</source>
        <translation>cộng các hàng</translation>
    </message>
    <message>
        <source>land in the output</source>
        <translation>đặt vào đầu ra</translation>
    </message>
    <message>
        <source>the lookup path</source>
        <translation>cách tra cứu</translation>
    </message>
    <message>
        <source>done</source>
        <translation>xong</translation>
    </message>
    <message>
        <source>Token %1 of %2 (id %3) · %4</source>
        <translation>Token %1 / %2 (id %3) · %4</translation>
    </message>
    <message>
        <source>All %1 tokens · %2</source>
        <translation>Tất cả %1 token · %2</translation>
    </message>
    <message>
        <source>drawn: 1 in %1 rows,</source>
        <translation>vẽ: 1 trên %1 hàng,</translation>
    </message>
    <message>
        <source>1 in %1 cols</source>
        <translation>1 trên %1 cột</translation>
    </message>
    <message>
        <source>%1 zeros,</source>
        <translation>%1 số 0,</translation>
    </message>
    <message>
        <source>one 1</source>
        <translation>một số 1</translation>
    </message>
    <message>
        <source>output</source>
        <translation>đầu ra</translation>
    </message>
    <message>
        <source>%1 rows × 0</source>
        <translation>%1 hàng × 0</translation>
    </message>
    <message>
        <source>lookup: W[%1] → output[%2], one step</source>
        <translation>tra cứu: W[%1] → output[%2], một bước</translation>
    </message>
    <message>
        <source> · row %1 selected, not among the ids</source>
        <translation> · đã chọn hàng %1, không nằm trong các id</translation>
    </message>
    <message>
        <source>one-hot @ W so far: %1 multiply-adds, %2 of them multiplications by zero</source>
        <translation>one-hot @ W đến giờ: %1 phép nhân-cộng, trong đó %2 phép nhân với 0</translation>
    </message>
    <message>
        <source>lookup W[i] so far: %1 values copied, no multiplication</source>
        <translation>tra cứu W[i] đến giờ: đã sao chép %1 giá trị, không có phép nhân nào</translation>
    </message>
    <message>
        <source>One-hot lookup animation</source>
        <translation>Hoạt ảnh tra cứu one-hot</translation>
    </message>
    <message>
        <source>No ids to look up</source>
        <translation>Không có id nào để tra cứu</translation>
    </message>
    <message>
        <source>drawn: 1 in</source>
        <translation>vẽ: 1 trên</translation>
    </message>
    <message>
        <source>%1 rows,</source>
        <translation>%1 hàng,</translation>
    </message>
    <message>
        <source>zeros,</source>
        <translation>số 0,</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::OptimizerEditor</name>
    <message>
        <source>Optimiser</source>
        <translation>Bộ tối ưu</translation>
    </message>
    <message>
        <source>Learning rate</source>
        <translation>Tốc độ học</translation>
    </message>
    <message>
        <source>With momentum, rows looked up in earlier steps keep moving</source>
        <translation>Với momentum, các hàng đã được tra cứu ở các bước trước vẫn tiếp tục thay đổi</translation>
    </message>
    <message>
        <source>Dampening for momentum</source>
        <translation>Hệ số giảm chấn cho momentum</translation>
    </message>
    <message>
        <source>L2 penalty: adds weight_decay * W to every row's gradient</source>
        <translation>Phạt L2: cộng weight_decay * W vào gradient của mọi hàng</translation>
    </message>
    <message>
        <source>betas[0]: decay of exp_avg</source>
        <translation>betas[0]: hệ số suy giảm của exp_avg</translation>
    </message>
    <message>
        <source>betas[1]: decay of exp_avg_sq</source>
        <translation>betas[1]: hệ số suy giảm của exp_avg_sq</translation>
    </message>
    <message>
        <source>Added to the denominator</source>
        <translation>Được cộng vào mẫu số</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::OwnTextDialog</name>
    <message>
        <source>Your Own Text</source>
        <translation>Văn bản của bạn</translation>
    </message>
    <message>
        <source>Paste or type the text to train on, or open a .txt file (UTF-8).</source>
        <translation>Dán hoặc gõ văn bản để huấn luyện, hoặc mở một tệp .txt (UTF-8).</translation>
    </message>
    <message>
        <source>Your own text</source>
        <translation>Văn bản của bạn</translation>
    </message>
    <message>
        <source>Paste a text here</source>
        <translation>Dán văn bản vào đây</translation>
    </message>
    <message>
        <source>Why the text cannot be used</source>
        <translation>Vì sao không dùng được văn bản này</translation>
    </message>
    <message>
        <source>&amp;Open a .txt File...</source>
        <translation>&amp;Mở tệp .txt...</translation>
    </message>
    <message>
        <source>Open a Text</source>
        <translation>Mở văn bản</translation>
    </message>
    <message>
        <source>Text files (*.txt);;All files (*)</source>
        <translation>Tệp văn bản (*.txt);;Mọi tệp (*)</translation>
    </message>
    <message>
        <source>%1 could not be opened: %2</source>
        <translation>Không mở được %1: %2</translation>
    </message>
    <message>
        <source>%1 is not UTF-8 text: %2</source>
        <translation>%1 không phải văn bản UTF-8: %2</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::ProjectionScatter</name>
    <message>
        <source>PCA of every row: first two components</source>
        <translation>PCA của mọi hàng: hai thành phần đầu</translation>
    </message>
    <message>
        <source>PCA scatter of the neighbours</source>
        <translation>Biểu đồ phân tán PCA của các lân cận</translation>
    </message>
    <message>
        <source>No points yet</source>
        <translation>Chưa có điểm nào</translation>
    </message>
    <message>
        <source>%1 (id %2) at %3, %4</source>
        <translation>%1 (id %2) tại %3, %4</translation>
    </message>
    <message>
        <source>row %1 at %2, %3</source>
        <translation>hàng %1 tại %2, %3</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::ProjectorMode</name>
    <message>
        <source>PROJECTOR</source>
        <translation>MÁY CHIẾU</translation>
    </message>
    <message>
        <source>Projector mode is on (F5 switches it off)</source>
        <translation>Chế độ máy chiếu đang bật (F5 để tắt)</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::SessionController</name>
    <message>
        <source>The Fit a Text run stored beside the session could not be read (%1): it is computed again from its settings.</source>
        <translation>Không đọc được lượt chạy huấn luyện trên văn bản lưu cạnh phiên (%1): lượt chạy được tính lại từ các thiết lập của nó.</translation>
    </message>
    <message>
        <source>%1; the Fit a Text run is kept beside it, at step %2 of %3.</source>
        <translation>%1; lượt chạy huấn luyện trên văn bản được lưu cạnh nó, ở bước %2 trên %3.</translation>
    </message>
    <message>
        <source>Could not open '%1': the initialiser '%2' is invalid: %3</source>
        <translation>Không thể mở '%1': bộ khởi tạo '%2' không hợp lệ: %3</translation>
    </message>
    <message>
        <source>Untitled session</source>
        <translation>Phiên chưa đặt tên</translation>
    </message>
    <message>
        <source>%1[*] — EmbedLab</source>
        <translation>%1[*] — EmbedLab</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Mở &amp;gần đây</translation>
    </message>
    <message>
        <source>No recent sessions</source>
        <translation>Không có phiên gần đây</translation>
    </message>
    <message>
        <source>&amp;Clear List</source>
        <translation>&amp;Xoá danh sách</translation>
    </message>
    <message>
        <source>EmbedLab did not quit normally last time: the last state was restored.</source>
        <translation>Lần trước EmbedLab không thoát bình thường: trạng thái cuối cùng đã được khôi phục.</translation>
    </message>
    <message>
        <source>Open Session</source>
        <translation>Mở phiên</translation>
    </message>
    <message>
        <source>EmbedLab sessions (*.embedlab)</source>
        <translation>Phiên EmbedLab (*.embedlab)</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>Đã mở %1</translation>
    </message>
    <message>
        <source>Save Session</source>
        <translation>Lưu phiên</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>Thay đổi chưa lưu</translation>
    </message>
    <message>
        <source>The session has changes that are not saved. Save them?</source>
        <translation>Phiên có những thay đổi chưa được lưu. Lưu lại không?</translation>
    </message>
    <message>
        <source>Saved %1 (the weights are rebuilt from its seed and initialisers)</source>
        <translation>Đã lưu %1 (các trọng số được dựng lại từ hạt giống và các bộ khởi tạo của nó)</translation>
    </message>
    <message>
        <source>Saved %1 and, beside it, the values of %2 (%3 in .npy files): trained or loaded weights cannot be rebuilt from the seed</source>
        <translation>Đã lưu %1 và, bên cạnh nó, các giá trị của %2 (%3 trong các tệp .npy): trọng số đã huấn luyện hoặc đã nạp không thể dựng lại từ hạt giống</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::ShortenedFileNotice</name>
    <message>
        <source>“%1” became shorter on disk while EmbedLab was reading it. What the file no longer holds reads as zeros from now on; nothing you did is lost. Open the file again to see what it holds now.</source>
        <translation>“%1” đã ngắn đi trên đĩa trong khi EmbedLab đang đọc nó. Phần tệp không còn chứa sẽ được đọc là số 0 từ giờ; mọi việc bạn đã làm không bị mất. Hãy mở lại tệp để xem nội dung hiện tại của nó.</translation>
    </message>
    <message>
        <source>A file changed on disk</source>
        <translation>Một tệp đã thay đổi trên đĩa</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::SidePanels</name>
    <message>
        <source>Layers</source>
        <translation>Các lớp</translation>
    </message>
    <message>
        <source>PyTorch code</source>
        <translation>Mã PyTorch</translation>
    </message>
    <message>
        <source>Initialisers</source>
        <translation>Bộ khởi tạo</translation>
    </message>
    <message>
        <source>Histogram</source>
        <translation>Biểu đồ tần suất</translation>
    </message>
    <message>
        <source>&amp;Tensor:</source>
        <translation>T&amp;ensor:</translation>
    </message>
    <message>
        <source>Unembedding</source>
        <translation>Giải nhúng</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Huấn luyện</translation>
    </message>
    <message>
        <source>Neighbours</source>
        <translation>Lân cận</translation>
    </message>
    <message>
        <source>Change layers</source>
        <translation>Thay đổi các lớp</translation>
    </message>
    <message>
        <source>tied</source>
        <translation>đã buộc</translation>
    </message>
    <message numerus="yes">
        <source>after %n training step(s)</source>
        <translation>
            <numerusform>sau %n bước huấn luyện</numerusform>
        </translation>
    </message>
    <message>
        <source>No row or token matches "%1".</source>
        <translation>Không có hàng hay token nào khớp với "%1".</translation>
    </message>
    <message>
        <source>Computing the nearest rows ...</source>
        <translation>Đang tính các hàng gần nhất ...</translation>
    </message>
    <message>
        <source>%1: at most %2 levels in each group of %3 values that share a scale</source>
        <translation>%1: nhiều nhất %2 mức trong mỗi nhóm %3 giá trị dùng chung một hệ số tỉ lệ</translation>
    </message>
    <message>
        <source>Fit a Text</source>
        <translation>Huấn luyện trên văn bản</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::TensorPicker</name>
    <message>
        <source>Tensors in %1</source>
        <translation>Các tensor trong %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1&lt;/b&gt; (%2): %3 tensors, %4 parameters once loaded. Any 2-D tensor [V, D] can be viewed as embedding.weight (Embedding(V, D)) or as lm_head.weight (Linear(D, V)).</source>
        <translation>&lt;b&gt;%1&lt;/b&gt; (%2): %3 tensor, %4 tham số khi nạp. Bất kỳ tensor 2 chiều [V, D] nào cũng có thể xem như embedding.weight (Embedding(V, D)) hoặc lm_head.weight (Linear(D, V)).</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Tên</translation>
    </message>
    <message>
        <source>dtype</source>
        <translation>dtype</translation>
    </message>
    <message>
        <source>Shape</source>
        <translation>Hình dạng</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Kích thước</translation>
    </message>
    <message>
        <source>Tie lm_head.weight to a loaded embedding (lm_head.weight = embedding.weight)</source>
        <translation>Buộc lm_head.weight với embedding được nạp (lm_head.weight = embedding.weight)</translation>
    </message>
    <message>
        <source>View as &amp;embedding.weight</source>
        <translation>Xem như &amp;embedding.weight</translation>
    </message>
    <message>
        <source>View as &amp;lm_head.weight</source>
        <translation>Xem như &amp;lm_head.weight</translation>
    </message>
    <message>
        <source>%1 is %2-D: a weight matrix is 2-D [V, D].</source>
        <translation>%1 có %2 chiều: ma trận trọng số phải là 2 chiều [V, D].</translation>
    </message>
    <message>
        <source>%1 is empty.</source>
        <translation>%1 rỗng.</translation>
    </message>
    <message>
        <source>%1 and %2 are one storage (tied).</source>
        <translation>%1 và %2 là cùng một vùng lưu trữ (đã buộc).</translation>
    </message>
    <message>
        <source>%1 and %2 hold identical values (tied when saved).</source>
        <translation>%1 và %2 chứa các giá trị giống hệt nhau (đã buộc khi lưu).</translation>
    </message>
    <message>
        <source>%1 is absent because it is tied: the model builds it as an alias of %2.</source>
        <translation>%1 không có vì nó được buộc: mô hình tạo nó như một bí danh của %2.</translation>
    </message>
    <message>
        <source>Choose a 2-D tensor.</source>
        <translation>Hãy chọn một tensor 2 chiều.</translation>
    </message>
    <message>
        <source>Bits/weight</source>
        <translation>Bit/trọng số</translation>
    </message>
    <message>
        <source>Bits of the file each weight takes, the block's scales included</source>
        <translation>Số bit của tệp mà mỗi trọng số chiếm, kể cả các hệ số tỉ lệ của khối</translation>
    </message>
    <message>
        <source>every %1 values share one scale and one minimum</source>
        <translation>cứ %1 giá trị dùng chung một hệ số tỉ lệ và một giá trị nhỏ nhất</translation>
    </message>
    <message>
        <source>every %1 values share one scale</source>
        <translation>cứ %1 giá trị dùng chung một hệ số tỉ lệ</translation>
    </message>
    <message>
        <source>&lt;b&gt;What is %1?&lt;/b&gt; The file cuts each row into blocks of %2 values; %3, and each value keeps only its level, one of %4. That is %5 bits per weight instead of 16 (bf16) or 32 (float32). &lt;b&gt;Kept:&lt;/b&gt; the sign and rough size of every value, so the heatmap, the tokens' neighbours and the rows that stand out look much the same. &lt;b&gt;Lost:&lt;/b&gt; the fine differences inside a group, which snap to its levels: the statistics table counts how few distinct values remain, and View &gt; Quantisation Blocks outlines the groups.</source>
        <translation>&lt;b&gt;%1 là gì?&lt;/b&gt; Tệp cắt mỗi hàng thành các khối %2 giá trị; %3, và mỗi giá trị chỉ giữ lại mức của nó, một trong %4 mức. Tức là %5 bit cho mỗi trọng số thay vì 16 (bf16) hay 32 (float32). &lt;b&gt;Giữ lại:&lt;/b&gt; dấu và độ lớn gần đúng của từng giá trị, nên bản đồ nhiệt, lân cận của các token và những hàng nổi bật trông gần như cũ. &lt;b&gt;Mất đi:&lt;/b&gt; những khác biệt nhỏ trong một nhóm, vốn bị làm tròn về các mức của nhóm: bảng thống kê đếm xem còn lại ít giá trị khác nhau đến đâu, và Xem &gt; Khối lượng tử hoá vẽ viền các nhóm.</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::TieController</name>
    <message>
        <source>Untie lm_head</source>
        <translation>Gỡ buộc lm_head</translation>
    </message>
    <message>
        <source>lm_head.weight gets its own storage again. Which values should it start from?</source>
        <translation>lm_head.weight lại có vùng lưu trữ riêng. Nó nên bắt đầu từ những giá trị nào?</translation>
    </message>
    <message>
        <source>&amp;Keep the current values (clone)</source>
        <translation>&amp;Giữ các giá trị hiện tại (clone)</translation>
    </message>
    <message>
        <source>&amp;Re-initialise lm_head</source>
        <translation>&amp;Khởi tạo lại lm_head</translation>
    </message>
    <message>
        <source>&amp;Remember my choice</source>
        <translation>&amp;Nhớ lựa chọn của tôi</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::TokenBarChart</name>
    <message>
        <source>(too small to draw)</source>
        <translation>(quá nhỏ để vẽ)</translation>
    </message>
    <message>
        <source>token i of h = W[i]</source>
        <translation>token i của h = W[i]</translation>
    </message>
    <message>
        <source>argmax</source>
        <translation>argmax</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>a bar: its token and value</comment>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::TokenChips</name>
    <message>
        <source>token %1 of %2: id %3, "%4"</source>
        <translation>token %1 trên %2: id %3, "%4"</translation>
    </message>
    <message>
        <source>Tokens</source>
        <translation>Các token</translation>
    </message>
    <message>
        <source>No tokens</source>
        <translation>Không có token nào</translation>
    </message>
    <message>
        <source>%1 (id %2)</source>
        <translation>%1 (id %2)</translation>
    </message>
    <message>
        <source>“%1” id %2</source>
        <translation>“%1” id %2</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::TokenizerOffer</name>
    <message>
        <source>Choose a tokenizer file…</source>
        <translation>Chọn tệp bộ tách token…</translation>
    </message>
    <message>
        <source>A tokenizer.json, a vocab.json (with merges.txt beside it) or a GGUF file</source>
        <translation>Một tệp tokenizer.json, một vocab.json (có merges.txt bên cạnh) hoặc một tệp GGUF</translation>
    </message>
    <message>
        <source>Keep the rows without tokens</source>
        <translation>Giữ các hàng không có token</translation>
    </message>
    <message>
        <source>%1 rows is the size of %2's vocabulary, so these rows may be %2's tokens. This is a guess from the row count alone.</source>
        <translation>%1 hàng là kích thước bộ từ vựng của %2, nên các hàng này có thể là token của %2. Đây chỉ là phỏng đoán dựa vào số hàng.</translation>
    </message>
    <message>
        <source>%1 rows is the size of %2's vocabulary, so these rows may be %2's tokens. This is a guess from the row count alone: open its tokenizer file to use it.</source>
        <translation>%1 hàng là kích thước bộ từ vựng của %2, nên các hàng này có thể là token của %2. Đây chỉ là phỏng đoán dựa vào số hàng: hãy mở tệp bộ tách token của nó để dùng.</translation>
    </message>
    <message>
        <source>Use %1's tokenizer</source>
        <translation>Dùng bộ tách token của %1</translation>
    </message>
    <message>
        <source>Tokenizer for the rows</source>
        <translation>Bộ tách token cho các hàng</translation>
    </message>
    <message>
        <source>Tokenizers (tokenizer.json vocab.json *.gguf);;JSON (*.json);;All files (*)</source>
        <translation>Bộ tách token (tokenizer.json vocab.json *.gguf);;JSON (*.json);;Mọi tệp (*)</translation>
    </message>
    <message>
        <source>The tokenizer cannot be used</source>
        <translation>Không dùng được bộ tách token</translation>
    </message>
    <message>
        <source>Use the tokenizer %1</source>
        <translation>Dùng bộ tách token %1</translation>
    </message>
    <message>
        <source>%1 names %2 tokens for %3 rows: ids past the last row are refused, rows past the last token have none.</source>
        <translation>%1 có %2 token cho %3 hàng: các id vượt quá hàng cuối bị từ chối, các hàng sau token cuối không có token.</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::TrainingPanel</name>
    <message>
        <source>The training step was cancelled: the weights and the optimizer did not change.</source>
        <translation>Bước huấn luyện đã bị hủy: trọng số và bộ tối ưu không thay đổi.</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>Huấn luyện</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Hủy</translation>
    </message>
    <message>
        <source>Training step on %1 weights ...</source>
        <translation>Đang huấn luyện một bước trên %1 trọng số ...</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>Lô</translation>
    </message>
    <message>
        <source>Token ids looked up in the embedding, e.g. 2, 3, 1 or [[2, 3], [1, 0]]</source>
        <translation>Các token id được tra cứu trong embedding, ví dụ 2, 3, 1 hoặc [[2, 3], [1, 0]]</translation>
    </message>
    <message>
        <source>targets[k] is the token that should follow ids[k]; same shape as ids</source>
        <translation>targets[k] là token nên đứng sau ids[k]; cùng hình dạng với ids</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>Bước</translation>
    </message>
    <message>
        <source>zero_grad, forward, cross_entropy, backward, optimizer.step()</source>
        <translation>zero_grad, forward, cross_entropy, backward, optimizer.step()</translation>
    </message>
    <message>
        <source>Reset optimiser</source>
        <translation>Đặt lại bộ tối ưu</translation>
    </message>
    <message>
        <source>Drop the momentum buffers / Adam state; the weights stay as they are</source>
        <translation>Bỏ các bộ đệm momentum / trạng thái Adam; trọng số giữ nguyên</translation>
    </message>
    <message>
        <source>reset by hand</source>
        <translation>đặt lại thủ công</translation>
    </message>
    <message>
        <source>Press Step: the gradient and the change (after - before) of every weight appear here, with the rows that really changed.</source>
        <translation>Nhấn Bước: gradient và thay đổi (sau - trước) của mọi trọng số sẽ hiện ở đây, cùng các hàng thực sự đã thay đổi.</translation>
    </message>
    <message>
        <source>new model</source>
        <translation>mô hình mới</translation>
    </message>
    <message>
        <source>weights tied</source>
        <translation>trọng số đã buộc</translation>
    </message>
    <message>
        <source>model parameters changed</source>
        <translation>tham số mô hình đã thay đổi</translation>
    </message>
    <message>
        <source>optimiser settings changed</source>
        <translation>thiết lập bộ tối ưu đã thay đổi</translation>
    </message>
    <message>
        <source>No model to train.</source>
        <translation>Không có mô hình để huấn luyện.</translation>
    </message>
    <message>
        <source>ids: %1</source>
        <translation>ids: %1</translation>
    </message>
    <message>
        <source>targets: %1</source>
        <translation>targets: %1</translation>
    </message>
    <message>
        <source>none</source>
        <translation>không có</translation>
    </message>
    <message>
        <source>all %1</source>
        <translation>tất cả %1</translation>
    </message>
    <message>
        <source>%1, ... (%2 rows)</source>
        <translation>%1, ... (%2 hàng)</translation>
    </message>
    <message>
        <source>computed with the weights before the step</source>
        <translation>tính bằng trọng số trước bước này</translation>
    </message>
    <message>
        <source>Looked up: rows &lt;b&gt;%1&lt;/b&gt; of embedding.weight.</source>
        <translation>Đã tra cứu: các hàng &lt;b&gt;%1&lt;/b&gt; của embedding.weight.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Tied:&lt;/b&gt; embedding.weight &lt;i&gt;is&lt;/i&gt; lm_head.weight, so its gradient is the &lt;b&gt;sum of both uses&lt;/b&gt;: the lookup adds to rows %1 only, lm_head adds to every row (every logit depends on every row). The sum is dense, so every row can change, even with plain SGD.</source>
        <translation>&lt;b&gt;Đã buộc:&lt;/b&gt; embedding.weight &lt;i&gt;chính là&lt;/i&gt; lm_head.weight, nên gradient của nó là &lt;b&gt;tổng của cả hai lần sử dụng&lt;/b&gt;: phép tra cứu chỉ cộng vào các hàng %1, lm_head cộng vào mọi hàng (mọi logit phụ thuộc vào mọi hàng). Tổng là dày đặc, nên mọi hàng đều có thể thay đổi, kể cả với SGD thuần.</translation>
    </message>
    <message>
        <source>embedding.weight.grad is non-zero only on rows &lt;b&gt;%1&lt;/b&gt; (the lookup is a copy, its backward a scatter-add); lm_head.weight.grad is dense (non-zero rows: %2).</source>
        <translation>embedding.weight.grad chỉ khác 0 trên các hàng &lt;b&gt;%1&lt;/b&gt; (phép tra cứu là sao chép, lan truyền ngược của nó là scatter-add); lm_head.weight.grad là dày đặc (số hàng khác 0: %2).</translation>
    </message>
    <message>
        <source>Row %1 is padding_idx: it was looked up, but the lookup never sends it a gradient.</source>
        <translation>Hàng %1 là padding_idx: nó đã được tra cứu, nhưng phép tra cứu không bao giờ gửi gradient cho nó.</translation>
    </message>
    <message>
        <source>row %1 / %2</source>
        <translation>hàng %1 / %2</translation>
    </message>
    <message>
        <source>scale_grad_by_freq=True: every id occurs once in this batch, so nothing is scaled.</source>
        <translation>scale_grad_by_freq=True: mỗi id chỉ xuất hiện một lần trong lô này, nên không có gì bị chia tỉ lệ.</translation>
    </message>
    <message>
        <source>scale_grad_by_freq=True: a row's lookup gradient is divided by how often its id occurs in the batch: %1.</source>
        <translation>scale_grad_by_freq=True: gradient tra cứu của một hàng được chia cho số lần id của nó xuất hiện trong lô: %1.</translation>
    </message>
    <message>
        <source>max_norm=%1: the forward pass renormalised looked-up rows in place; that counts as a change too.</source>
        <translation>max_norm=%1: lượt truyền xuôi đã chuẩn hoá lại các hàng được tra cứu tại chỗ; điều đó cũng được tính là thay đổi.</translation>
    </message>
    <message>
        <source>&lt;b&gt;Row %1 was not looked up and still changed&lt;/b&gt; (%2).</source>
        <translation>&lt;b&gt;Hàng %1 không được tra cứu mà vẫn thay đổi&lt;/b&gt; (%2).</translation>
    </message>
    <message>
        <source>&lt;b&gt;Rows %1 were not looked up and still changed&lt;/b&gt; (%2).</source>
        <translation>&lt;b&gt;Các hàng %1 không được tra cứu mà vẫn thay đổi&lt;/b&gt; (%2).</translation>
    </message>
    <message>
        <source>Only looked-up rows changed: on step 1 the momentum buffer is just this step's gradient. From step 2 it carries earlier gradients, so rows looked up before keep moving even when they are not looked up.</source>
        <translation>Chỉ các hàng được tra cứu thay đổi: ở bước 1, bộ đệm momentum chỉ là gradient của bước này. Từ bước 2 nó mang theo các gradient trước đó, nên các hàng đã được tra cứu trước đây vẫn tiếp tục thay đổi dù không được tra cứu.</translation>
    </message>
    <message>
        <source>Only looked-up rows changed: on step 1 Adam's averages start at zero, so a zero gradient gives a zero update. From step 2, rows with an earlier gradient keep moving.</source>
        <translation>Chỉ các hàng được tra cứu thay đổi: ở bước 1, các trung bình của Adam bắt đầu từ 0, nên gradient bằng 0 cho cập nhật bằng 0. Từ bước 2, các hàng đã có gradient trước đó vẫn tiếp tục thay đổi.</translation>
    </message>
    <message>
        <source>No other row moved: rows that never had a gradient have nothing in the optimiser's memory%1.</source>
        <translation>Không hàng nào khác thay đổi: các hàng chưa từng có gradient thì không có gì trong bộ nhớ của bộ tối ưu%1.</translation>
    </message>
    <message>
        <source>, and weight decay of an all-zero row is zero</source>
        <translation>, và weight decay của một hàng toàn 0 thì bằng 0</translation>
    </message>
    <message>
        <source>No other row moved: weight decay of an all-zero row is zero.</source>
        <translation>Không hàng nào khác thay đổi: weight decay của một hàng toàn 0 thì bằng 0.</translation>
    </message>
    <message>
        <source>The reference analysis says "only the looked-up rows change": true for plain SGD (momentum = 0, weight_decay = 0) on an untied embedding only. Here it %1.</source>
        <translation>Bài phân tích tham khảo nói "chỉ các hàng được tra cứu mới thay đổi": điều này chỉ đúng với SGD thuần (momentum = 0, weight_decay = 0) trên embedding không buộc. Ở đây nó %1.</translation>
    </message>
    <message>
        <source>holds</source>
        <translation>đúng</translation>
    </message>
    <message>
        <source>does &lt;b&gt;not&lt;/b&gt; hold</source>
        <translation>&lt;b&gt;không&lt;/b&gt; đúng</translation>
    </message>
    <message>
        <source>&lt;b&gt;embedding.weight = lm_head.weight&lt;/b&gt; (tied: one tensor) %1</source>
        <translation>&lt;b&gt;embedding.weight = lm_head.weight&lt;/b&gt; (đã buộc: một tensor) %1</translation>
    </message>
    <message>
        <source>+ grad via lm_head</source>
        <translation>+ grad qua lm_head</translation>
    </message>
    <message>
        <source>No model.</source>
        <translation>Không có mô hình.</translation>
    </message>
    <message>
        <source>Fresh optimiser: the next step creates it%1.</source>
        <translation>Bộ tối ưu mới: bước tiếp theo sẽ tạo nó%1.</translation>
    </message>
    <message>
        <source> (%1)</source>
        <translation> (%1)</translation>
    </message>
    <message>
        <source>Step %1 with this optimiser. Its state (momentum buffers, Adam's averages) is kept until the model, the settings or the tie state change.</source>
        <translation>Bước %1 với bộ tối ưu này. Trạng thái của nó (bộ đệm momentum, các trung bình của Adam) được giữ cho đến khi mô hình, thiết lập hoặc trạng thái buộc thay đổi.</translation>
    </message>
    <message>
        <source>entries changed</source>
        <translation>số phần tử đã thay đổi</translation>
    </message>
    <message>
        <source>rows changed</source>
        <translation>số hàng đã thay đổi</translation>
    </message>
    <message>
        <source>%1: all %2</source>
        <translation>%1: tất cả %2</translation>
    </message>
    <message>
        <source>%1: %2 (of %3)</source>
        <translation>%1: %2 (trên %3)</translation>
    </message>
    <message>
        <source>rows %1: %2</source>
        <translation>các hàng %1: %2</translation>
    </message>
    <message>
        <source>momentum = %1, and the momentum buffer still holds their gradients from earlier steps</source>
        <translation>momentum = %1, và bộ đệm momentum vẫn giữ gradient của chúng từ các bước trước</translation>
    </message>
    <message>
        <source>Adam's running average exp_avg still holds their gradients from earlier steps</source>
        <translation>trung bình động exp_avg của Adam vẫn giữ gradient của chúng từ các bước trước</translation>
    </message>
    <message>
        <source>weight_decay = %1 adds %1 * W to the gradient of every row, looked up or not</source>
        <translation>weight_decay = %1 cộng %1 * W vào gradient của mọi hàng, dù có được tra cứu hay không</translation>
    </message>
    <message>
        <source>the optimiser's state</source>
        <translation>trạng thái của bộ tối ưu</translation>
    </message>
    <message>
        <source>non-zero rows</source>
        <translation>số hàng khác 0</translation>
    </message>
    <message>
        <source>grad via lookup</source>
        <translation>grad qua phép tra cứu</translation>
    </message>
    <message>
        <source>= .grad (sum)</source>
        <translation>= .grad (tổng)</translation>
    </message>
    <message>
        <source>non-zero entries</source>
        <translation>số phần tử khác 0</translation>
    </message>
    <message>
        <source>after − before</source>
        <translation>sau − trước</translation>
    </message>
    <message>
        <source>change = after − before</source>
        <translation>thay đổi = sau − trước</translation>
    </message>
    <message>
        <source>Next-token task on the ids</source>
        <translation>Dự đoán token kế tiếp</translation>
    </message>
    <message>
        <source>Each id above is an input and the id after it its target: inputs ids[:-1], targets ids[1:]. Typing a batch of your own turns this off.</source>
        <translation>Mỗi id ở trên là một đầu vào và id đứng sau nó là đích: inputs ids[:-1], targets ids[1:]. Tự gõ một batch riêng sẽ tắt chế độ này.</translation>
    </message>
    <message>
        <source>A batch of your own: targets[k] is the token that should follow ids[k].</source>
        <translation>Batch do bạn tự gõ: targets[k] là token phải đứng sau ids[k].</translation>
    </message>
    <message>
        <source>Nothing to predict yet: the next-token task needs at least two ids in a row.</source>
        <translation>Chưa có gì để dự đoán: bài toán token kế tiếp cần ít nhất hai id liền nhau.</translation>
    </message>
    <message numerus="yes">
        <source>Each id predicts the one after it (%n pair(s)): %1</source>
        <translation>
            <numerusform>Mỗi id dự đoán id đứng sau nó (%n cặp): %1</numerusform>
        </translation>
    </message>
    <message>
        <source>as it was at that step (undo or redo)</source>
        <translation>như ở bước đó (hoàn tác hoặc làm lại)</translation>
    </message>
    <message>
        <source>The next-token task needs at least two ids in a row: type more ids, or a batch of your own.</source>
        <translation>Bài toán token kế tiếp cần ít nhất hai id liền nhau: hãy gõ thêm id, hoặc tự gõ một batch riêng.</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::UndoActions</name>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Hoàn tác</translation>
    </message>
    <message>
        <source>&amp;Undo (older steps were dropped to stay under %1)</source>
        <translation>&amp;Hoàn tác (các bước cũ đã bị bỏ để giữ dưới %1)</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>&amp;Hoàn tác %1</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>&amp;Làm lại %1</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Làm lại</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Hoàn tác</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>Làm lại</translation>
    </message>
    <message>
        <source>Undo memory: %1 (history uses %2)</source>
        <translation>Bộ nhớ hoàn tác: %1 (lịch sử đang dùng %2)</translation>
    </message>
    <message>
        <source>Cannot Be Undone</source>
        <translation>Không thể hoàn tác</translation>
    </message>
    <message>
        <source>This cannot be undone (needs %1, undo memory is %2). Continue?</source>
        <translation>Thao tác này không thể hoàn tác (cần %1, bộ nhớ hoàn tác là %2). Tiếp tục?</translation>
    </message>
    <message>
        <source>&amp;Continue</source>
        <translation>&amp;Tiếp tục</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::UndoCommands</name>
    <message>
        <source>%1 (dropped: over the undo memory budget)</source>
        <translation>%1 (đã bỏ: vượt quá giới hạn bộ nhớ hoàn tác)</translation>
    </message>
    <message>
        <source>%1 (dropped: the model was replaced)</source>
        <translation>%1 (đã bỏ: mô hình đã được thay thế)</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::UnembeddingView</name>
    <message>
        <source>h = tensor([]): embedding_dim = 0, so h has no values to edit.</source>
        <translation>h = tensor([]): embedding_dim = 0, nên h không có giá trị nào để sửa.</translation>
    </message>
    <message>
        <source>num_embeddings = 0: no tokens, so no bars</source>
        <translation>num_embeddings = 0: không có token nào, nên không có cột nào</translation>
    </message>
    <message>
        <source>Hidden vector h</source>
        <translation>Vector ẩn h</translation>
    </message>
    <message>
        <source>h = embedding.weight[i]</source>
        <translation>h = embedding.weight[i]</translation>
    </message>
    <message>
        <source>Copy the embedding of token i into h</source>
        <translation>Sao chép embedding của token i vào h</translation>
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
        <translation>torch.manual_seed(seed), rồi h = torch.randn(embedding_dim)</translation>
    </message>
    <message>
        <source>seed </source>
        <translation>seed </translation>
    </message>
    <message>
        <source>Temperature T:</source>
        <translation>Nhiệt độ T:</translation>
    </message>
    <message>
        <source>Low T sharpens the distribution towards the argmax, high T flattens it</source>
        <translation>T thấp làm phân phối nhọn về phía argmax, T cao làm nó phẳng ra</translation>
    </message>
    <message>
        <source>No model: there is no embedding to copy h from.</source>
        <translation>Không có mô hình: không có embedding để sao chép h.</translation>
    </message>
    <message>
        <source>IndexError: index %1 is out of bounds for dimension 0 with size %2</source>
        <translation>IndexError: index %1 is out of bounds for dimension 0 with size %2</translation>
    </message>
    <message>
        <source>No model: h needs embedding_dim values, and there is no embedding yet.</source>
        <translation>Không có mô hình: h cần embedding_dim giá trị, mà chưa có embedding nào.</translation>
    </message>
    <message>
        <source>h needs embedding_dim = %1 values, got %2.</source>
        <translation>h cần embedding_dim = %1 giá trị, nhận được %2.</translation>
    </message>
    <message>
        <source>Still showing T = %1.</source>
        <translation>Vẫn đang hiển thị T = %1.</translation>
    </message>
    <message>
        <source>Temperature 0 is refused: softmax(logits / T) would divide by zero. Use a small T such as 0.01 to approach the argmax (T -&gt; 0 puts all probability on it). %1</source>
        <translation>Không chấp nhận nhiệt độ 0: softmax(logits / T) sẽ chia cho 0. Hãy dùng T nhỏ như 0.01 để tiến gần argmax (T -&gt; 0 dồn toàn bộ xác suất vào nó). %1</translation>
    </message>
    <message>
        <source>Temperature must be a finite number greater than 0, got %1. %2</source>
        <translation>Nhiệt độ phải là số hữu hạn lớn hơn 0, nhận được %1. %2</translation>
    </message>
    <message>
        <source>No logits yet: the view needs a model.</source>
        <translation>Chưa có logits: khung nhìn cần một mô hình.</translation>
    </message>
    <message>
        <source>Computing lm_head(h) on a worker…</source>
        <translation>Đang tính lm_head(h) trên một luồng nền…</translation>
    </message>
    <message>
        <source>Computing lm_head(h) on a worker: %1 dot products of length %2…</source>
        <translation>Đang tính lm_head(h) trên một luồng nền: %1 tích vô hướng có độ dài %2…</translation>
    </message>
    <message>
        <source>argmax(logits) = %1</source>
        <translation>argmax(logits) = %1</translation>
    </message>
    <message>
        <source> (logits[%1] = %2): the most likely next token for this h.</source>
        <translation> (logits[%1] = %2): token tiếp theo có khả năng cao nhất với h này.</translation>
    </message>
    <message>
        <source> for h = embedding.weight[%1]. Untied: lm_head.weight is a separate matrix, so nothing makes token %1 score highest%2.</source>
        <translation> với h = embedding.weight[%1]. Không buộc: lm_head.weight là một ma trận riêng, nên không có gì khiến token %1 có điểm cao nhất%2.</translation>
    </message>
    <message>
        <source> (here it does, by chance)</source>
        <translation> (ở đây thì có, do ngẫu nhiên)</translation>
    </message>
    <message>
        <source> + lm_head.bias[j]</source>
        <translation> + lm_head.bias[j]</translation>
    </message>
    <message>
        <source> = i: with tied weights, logits[j] = W[j] · W[%1]%2, and token %1's own row scores highest (logits[%1] = %3).</source>
        <translation> = i: với trọng số buộc, logits[j] = W[j] · W[%1]%2, và chính hàng của token %1 có điểm cao nhất (logits[%1] = %3).</translation>
    </message>
    <message>
        <source> ≠ i = %1: with tied weights, logits[j] = W[j] · W[%1]%2, and row %3 beats token %1's own row: logits[%3] = %4 &gt; logits[%1] = %5. A longer row, or one pointing the same way%6, can out-score h's own token.</source>
        <translation> ≠ i = %1: với trọng số buộc, logits[j] = W[j] · W[%1]%2, và hàng %3 thắng chính hàng của token %1: logits[%3] = %4 &gt; logits[%1] = %5. Một hàng dài hơn, hoặc cùng hướng%6, có thể có điểm cao hơn token của chính h.</translation>
    </message>
    <message>
        <source>, or a larger bias</source>
        <translation>, hoặc bias lớn hơn</translation>
    </message>
    <message>
        <source>No model yet.</source>
        <translation>Chưa có mô hình.</translation>
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
        <translation>%1 số, cách nhau bằng dấu phẩy</translation>
    </message>
    <message>
        <source>Cannot read "%1" as a number.</source>
        <translation>Không thể đọc "%1" như một số.</translation>
    </message>
    <message>
        <source>typed by hand</source>
        <translation>nhập tay</translation>
    </message>
    <message>
        <source>&lt;b&gt;Unembedding:&lt;/b&gt; &lt;code&gt;logits = h @ lm_head.weight.T%1&lt;/code&gt;, then &lt;code&gt;probs = softmax(logits / T)&lt;/code&gt;.</source>
        <translation>&lt;b&gt;Giải nhúng (unembedding):&lt;/b&gt; &lt;code&gt;logits = h @ lm_head.weight.T%1&lt;/code&gt;, rồi &lt;code&gt;probs = softmax(logits / T)&lt;/code&gt;.</translation>
    </message>
    <message>
        <source>Tied: lm_head.weight &lt;i&gt;is&lt;/i&gt; embedding.weight, so logits[j] = h · W[j], one dot product per row of the embedding.</source>
        <translation>Đã buộc: lm_head.weight &lt;i&gt;chính là&lt;/i&gt; embedding.weight, nên logits[j] = h · W[j], mỗi hàng của embedding một tích vô hướng.</translation>
    </message>
    <message>
        <source>Untied: lm_head.weight is its own [V, D] matrix.</source>
        <translation>Không buộc: lm_head.weight là một ma trận [V, D] riêng.</translation>
    </message>
    <message>
        <source>showing the top %1 of %2 tokens by logit (torch.topk(logits, %1)); values as printed by torch.topk</source>
        <translation>hiển thị %1 token có logit cao nhất trong %2 token (torch.topk(logits, %1)); giá trị như torch.topk in ra</translation>
    </message>
    <message>
        <source>logits = lm_head(h)   [%1]</source>
        <translation>logits = lm_head(h)   [%1]</translation>
    </message>
    <message>
        <source>probs = softmax(logits / T), T = %1</source>
        <translation>probs = softmax(logits / T), T = %1</translation>
    </message>
    <message>
        <source>; token %1 (h's own) is not shown: rank %2, logit %3</source>
        <translation>; token %1 (của chính h) không được hiển thị: hạng %2, logit %3</translation>
    </message>
    <message>
        <source>Copy code</source>
        <translation>Sao chép mã</translation>
    </message>
    <message>
        <source>Copy the code panel's script followed by these statements, as a script that prints what the transcript shows</source>
        <translation>Sao chép script của bảng mã, tiếp theo là các câu lệnh này, thành một script in ra đúng những gì bản ghi phiên hiển thị</translation>
    </message>
    <message>
        <source>Python transcript</source>
        <translation>Bản ghi phiên Python</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::Vocabulary</name>
    <message>
        <source>The tokenizer %1 could not be read: %2</source>
        <translation>Không thể đọc bộ tách token %1: %2</translation>
    </message>
    <message>
        <source>The tokenizer of %1 could not be read: %2</source>
        <translation>Không thể đọc bộ tách token của %1: %2</translation>
    </message>
    <message>
        <source>%1 is %2 bytes in UTF-8 (%3). The tokenizer's vocabulary has no token for it, so it falls back to one token per byte: %4.</source>
        <translation>%1 chiếm %2 byte trong UTF-8 (%3). Bộ từ vựng của bộ tách token không có token cho nó, nên nó lùi về một token cho mỗi byte: %4.</translation>
    </message>
    <message>
        <source>%1 is %2 bytes in UTF-8 (%3). Byte-level BPE works on bytes, not characters, and its vocabulary has no token for all of them, so it takes %4 tokens: %5.</source>
        <translation>%1 chiếm %2 byte trong UTF-8 (%3). BPE mức byte làm việc trên byte chứ không phải ký tự, và bộ từ vựng của nó không có token cho cả cụm byte đó, nên nó cần %4 token: %5.</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::WeightFileLoader</name>
    <message>
        <source>lm_head is initialised, not read from the file</source>
        <translation>lm_head được khởi tạo, không đọc từ tệp</translation>
    </message>
    <message>
        <source>%1 was opened. The file's own lm_head could not be read, so lm_head starts from nn.Linear's random initial values instead: %2</source>
        <translation>Đã mở %1. Không đọc được lm_head riêng của tệp, nên lm_head bắt đầu từ các giá trị khởi tạo ngẫu nhiên của nn.Linear: %2</translation>
    </message>
    <message>
        <source>%1 was not opened: the weights did not change.</source>
        <translation>%1 đã không được mở: trọng số không thay đổi.</translation>
    </message>
    <message>
        <source>Opening %1 ...</source>
        <translation>Đang mở %1 ...</translation>
    </message>
    <message>
        <source>Cannot open %1</source>
        <translation>Không thể mở %1</translation>
    </message>
    <message>
        <source>A tensor is already being loaded.</source>
        <translation>Đang có một tensor được nạp.</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Huỷ</translation>
    </message>
    <message>
        <source>Loading %1 was cancelled.</source>
        <translation>Đã huỷ việc nạp %1.</translation>
    </message>
    <message>
        <source>Cannot load %1</source>
        <translation>Không thể nạp %1</translation>
    </message>
    <message>
        <source>%1 [%2 x %3] from %4 is now %5</source>
        <translation>%1 [%2 x %3] từ %4 giờ là %5</translation>
    </message>
    <message>
        <source>%1 holds %2 tensors: name one as FILE:TENSOR (embedlab-cli inspect lists them).</source>
        <translation>%1 chứa %2 tensor: hãy chọn một bằng FILE:TENSOR (embedlab-cli inspect liệt kê chúng).</translation>
    </message>
    <message>
        <source>The tokenizer cannot be used</source>
        <translation>Không dùng được bộ tách token</translation>
    </message>
    <message>
        <source>The tokenizer's tokens label the rows, but text cannot be typed: %1</source>
        <translation>Các token của bộ tách token gắn nhãn cho các hàng, nhưng không gõ được văn bản: %1</translation>
    </message>
    <message>
        <source>Reading %1 ...</source>
        <translation>Đang đọc %1 ...</translation>
    </message>
    <message>
        <source>%1 and %2 [%3 x %4] from %5 are now embedding.weight and lm_head.weight</source>
        <translation>%1 và %2 [%3 x %4] từ %5 giờ là embedding.weight và lm_head.weight</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::WeightHeatmaps</name>
    <message>
        <source>  (tied)</source>
        <translation>  (đã buộc)</translation>
    </message>
    <message>
        <source>  from %1</source>
        <translation>  từ %1</translation>
    </message>
    <message>
        <source>  (%1, %2 bits per weight)</source>
        <translation>  (%1, %2 bit mỗi trọng số)</translation>
    </message>
    <message>
        <source>  untrained: seeded %1</source>
        <translation>  chưa huấn luyện: %1 theo seed</translation>
    </message>
    <message>
        <source>%1 block %2: W[%3, %4:%5] share the scale %6 and the minimum %7</source>
        <translation>%1 khối %2: W[%3, %4:%5] dùng chung hệ số tỉ lệ %6 và giá trị nhỏ nhất %7</translation>
    </message>
    <message>
        <source>%1 block %2: W[%3, %4:%5] share the scale %6</source>
        <translation>%1 khối %2: W[%3, %4:%5] dùng chung hệ số tỉ lệ %6</translation>
    </message>
    <message>
        <source>level %1: %2 + %3 × %1 = %4</source>
        <translation>mức %1: %2 + %3 × %1 = %4</translation>
    </message>
    <message>
        <source>level %1: %2 × %1 = %3</source>
        <translation>mức %1: %2 × %1 = %3</translation>
    </message>
    <message>
        <source>  max_norm renormalised rows %1</source>
        <translation>  max_norm đã chuẩn hoá lại các hàng %1</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::WindowActions</name>
    <message>
        <source>&amp;Open Weights...</source>
        <translation>Mở &amp;trọng số...</translation>
    </message>
    <message>
        <source>View a matrix of a .npy, .safetensors or .gguf file as the embedding or the Linear weight (you can also drop the file on the window)</source>
        <translation>Xem một ma trận trong tệp .npy, .safetensors hoặc .gguf như trọng số embedding hoặc Linear (bạn cũng có thể thả tệp vào cửa sổ)</translation>
    </message>
    <message>
        <source>Open an .embedlab session</source>
        <translation>Mở một phiên .embedlab</translation>
    </message>
    <message>
        <source>&amp;Save Session</source>
        <translation>&amp;Lưu phiên</translation>
    </message>
    <message>
        <source>Save sizes, seed, initialisers, tie state, ids and view as an .embedlab session</source>
        <translation>Lưu kích thước, seed, các bộ khởi tạo, trạng thái buộc, các id và khung nhìn thành một phiên .embedlab</translation>
    </message>
    <message>
        <source>Save Session &amp;As...</source>
        <translation>Lưu phiên thà&amp;nh...</translation>
    </message>
    <message>
        <source>Save the session under a new name</source>
        <translation>Lưu phiên với tên mới</translation>
    </message>
    <message>
        <source>&amp;Export Screenshot...</source>
        <translation>Xuất ảnh &amp;chụp màn hình...</translation>
    </message>
    <message>
        <source>Save the window as a PNG image</source>
        <translation>Lưu cửa sổ thành ảnh PNG</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>T&amp;hoát</translation>
    </message>
    <message>
        <source>Quit EmbedLab</source>
        <translation>Thoát EmbedLab</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Hoàn tác</translation>
    </message>
    <message>
        <source>Undo the last change of layers, ids, initialisers, tying, training or loading</source>
        <translation>Hoàn tác thay đổi gần nhất về lớp, id, bộ khởi tạo, buộc trọng số, huấn luyện hoặc nạp tệp</translation>
    </message>
    <message>
        <source>Undo memory</source>
        <translation>Bộ nhớ hoàn tác</translation>
    </message>
    <message>
        <source>Undo snapshots are kept under this many bytes; a step that does not fit cannot be undone</source>
        <translation>Các ảnh chụp hoàn tác được giữ dưới số byte này; bước nào không vừa sẽ không thể hoàn tác</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Làm lại</translation>
    </message>
    <message>
        <source>Redo the change that was undone</source>
        <translation>Làm lại thay đổi vừa được hoàn tác</translation>
    </message>
    <message>
        <source>Copy Python &amp;Code</source>
        <translation>Sao chép &amp;mã Python</translation>
    </message>
    <message>
        <source>&amp;Preferences...</source>
        <translation>&amp;Tuỳ chọn...</translation>
    </message>
    <message>
        <source>Colour map and animation speed</source>
        <translation>Bảng màu và tốc độ hoạt ảnh</translation>
    </message>
    <message>
        <source>&amp;Reference Example</source>
        <translation>Ví dụ &amp;tham khảo</translation>
    </message>
    <message>
        <source>torch.manual_seed(123), Embedding(4, 5), ids [2, 3, 1], as in the documents</source>
        <translation>torch.manual_seed(123), Embedding(4, 5), ids [2, 3, 1], như trong tài liệu</translation>
    </message>
    <message>
        <source>&amp;GPT-2 Small</source>
        <translation>&amp;GPT-2 Small</translation>
    </message>
    <message>
        <source>Embedding(50257, 768) tied with Linear(768, 50257, bias=False)</source>
        <translation>Embedding(50257, 768) buộc với Linear(768, 50257, bias=False)</translation>
    </message>
    <message>
        <source>&amp;Tie lm_head.weight = embedding.weight</source>
        <translation>&amp;Buộc lm_head.weight = embedding.weight</translation>
    </message>
    <message>
        <source>Weight tying: one storage behind both layers, as in GPT-2 (the embedding's values win)</source>
        <translation>Buộc trọng số: một vùng lưu trữ cho cả hai lớp, như trong GPT-2 (giữ giá trị của embedding)</translation>
    </message>
    <message>
        <source>Tied</source>
        <translation>Đã buộc</translation>
    </message>
    <message>
        <source>Untie, &amp;Keep the Values</source>
        <translation>Gỡ buộc, &amp;giữ các giá trị</translation>
    </message>
    <message>
        <source>lm_head.weight gets its own storage, a copy of the shared values</source>
        <translation>lm_head.weight có vùng lưu trữ riêng, là bản sao của các giá trị dùng chung</translation>
    </message>
    <message>
        <source>Untie, &amp;Re-initialise lm_head</source>
        <translation>Gỡ buộc, &amp;khởi tạo lại lm_head</translation>
    </message>
    <message>
        <source>lm_head.weight gets its own storage, drawn again by lm_head.reset_parameters()</source>
        <translation>lm_head.weight có vùng lưu trữ riêng, được rút lại bằng lm_head.reset_parameters()</translation>
    </message>
    <message>
        <source>Training &amp;Step</source>
        <translation>Bước &amp;huấn luyện</translation>
    </message>
    <message>
        <source>One optimizer step on the training panel's ids and targets</source>
        <translation>Một bước tối ưu trên các id và target của bảng huấn luyện</translation>
    </message>
    <message>
        <source>Zoom &amp;In</source>
        <translation>&amp;Phóng to</translation>
    </message>
    <message>
        <source>Zoom into the weight heatmaps</source>
        <translation>Phóng to các bản đồ nhiệt trọng số</translation>
    </message>
    <message>
        <source>Zoom &amp;Out</source>
        <translation>Th&amp;u nhỏ</translation>
    </message>
    <message>
        <source>Zoom out of the weight heatmaps</source>
        <translation>Thu nhỏ các bản đồ nhiệt trọng số</translation>
    </message>
    <message>
        <source>&amp;Whole Matrix</source>
        <translation>&amp;Toàn bộ ma trận</translation>
    </message>
    <message>
        <source>Show the whole weight matrices</source>
        <translation>Hiển thị toàn bộ các ma trận trọng số</translation>
    </message>
    <message>
        <source>&amp;Full Screen</source>
        <translation>Toàn màn &amp;hình</translation>
    </message>
    <message>
        <source>Fill the screen (projectors)</source>
        <translation>Lấp đầy màn hình (máy chiếu)</translation>
    </message>
    <message>
        <source>&amp;Projector Mode</source>
        <translation>Chế độ &amp;máy chiếu</translation>
    </message>
    <message>
        <source>White page, big text, thick lines and full screen for a classroom (F5)</source>
        <translation>Nền trắng, chữ lớn, nét dày và toàn màn hình cho lớp học (F5)</translation>
    </message>
    <message>
        <source>Guided &amp;Lesson</source>
        <translation>Bài học &amp;có hướng dẫn</translation>
    </message>
    <message>
        <source>Ten steps from the argument order to the common pitfalls; PageDown moves on</source>
        <translation>Mười bước, từ thứ tự đối số đến các lỗi thường gặp; PageDown để sang bước tiếp</translation>
    </message>
    <message>
        <source>Colour the weights with %1</source>
        <translation>Tô màu trọng số bằng %1</translation>
    </message>
    <message>
        <source>&amp;Play</source>
        <translation>&amp;Phát</translation>
    </message>
    <message>
        <source>Play or pause the one-hot animation (Space)</source>
        <translation>Phát hoặc tạm dừng hoạt ảnh one-hot (Space)</translation>
    </message>
    <message>
        <source>Step &amp;Forward</source>
        <translation>Bước &amp;tới</translation>
    </message>
    <message>
        <source>Step &amp;Back</source>
        <translation>Bước &amp;lùi</translation>
    </message>
    <message>
        <source>&amp;Restart</source>
        <translation>&amp;Bắt đầu lại</translation>
    </message>
    <message>
        <source>Back to the first id (Home)</source>
        <translation>Quay về id đầu tiên (Home)</translation>
    </message>
    <message>
        <source>&amp;Last Step</source>
        <translation>Bước &amp;cuối</translation>
    </message>
    <message>
        <source>Jump to the end: all rows looked up (End)</source>
        <translation>Nhảy tới cuối: mọi hàng đã được tra cứu (End)</translation>
    </message>
    <message>
        <source>F&amp;aster</source>
        <translation>&amp;Nhanh hơn</translation>
    </message>
    <message>
        <source>Double the animation speed</source>
        <translation>Tăng gấp đôi tốc độ hoạt ảnh</translation>
    </message>
    <message>
        <source>&amp;Slower</source>
        <translation>Chậm &amp;hơn</translation>
    </message>
    <message>
        <source>Halve the animation speed</source>
        <translation>Giảm một nửa tốc độ hoạt ảnh</translation>
    </message>
    <message>
        <source>Count a training batch of 32 sequences of 512 tokens</source>
        <translation>Đếm cho một lô huấn luyện gồm 32 chuỗi, mỗi chuỗi 512 token</translation>
    </message>
    <message>
        <source>&amp;About EmbedLab</source>
        <translation>&amp;Giới thiệu EmbedLab</translation>
    </message>
    <message>
        <source>Version and licence</source>
        <translation>Phiên bản và giấy phép</translation>
    </message>
    <message>
        <source>About &amp;Qt</source>
        <translation>Giới thiệu &amp;Qt</translation>
    </message>
    <message>
        <source>The Qt version EmbedLab runs on</source>
        <translation>Phiên bản Qt mà EmbedLab đang chạy</translation>
    </message>
    <message>
        <source>Show the view under the mouse alone, in the whole window (F; Esc returns)</source>
        <translation>Chỉ hiển thị khung nhìn dưới con trỏ chuột, trên toàn cửa sổ (F; Esc để quay lại)</translation>
    </message>
    <message>
        <source>&amp;All Panels</source>
        <translation>Tất cả các bản&amp;g</translation>
    </message>
    <message>
        <source>Back to all panels (Esc)</source>
        <translation>Quay lại tất cả các bảng (Esc)</translation>
    </message>
    <message>
        <source>Copy the code of the panel in front as a script that runs as pasted: the PyTorch code, continued by the Unembedding or Training panel's code</source>
        <translation>Sao chép mã của bảng đang ở phía trước thành một script chạy được ngay khi dán: mã PyTorch, nối tiếp bằng mã của bảng Giải nhúng hoặc Huấn luyện</translation>
    </message>
    <message>
        <source>Copy &amp;Output</source>
        <translation>Sao chép đầu &amp;ra</translation>
    </message>
    <message>
        <source>Quantisation &amp;Blocks</source>
        <translation>&amp;Khối lượng tử hoá</translation>
    </message>
    <message>
        <source>Outline the blocks of a quantised tensor and the groups of values that share one scale, when zoomed in</source>
        <translation>Vẽ viền các khối của một tensor đã lượng tử hoá và các nhóm giá trị dùng chung một hệ số tỉ lệ, khi phóng to</translation>
    </message>
    <message>
        <source>Copy what the copied code prints: the Output pane, followed by the Unembedding panel's values when it is in front</source>
        <translation>Sao chép những gì mã đã sao chép in ra: khung Đầu ra, tiếp theo là các giá trị của bảng Giải nhúng khi bảng đó ở phía trước</translation>
    </message>
    <message>
        <source>Ne&amp;xt Lesson Step</source>
        <translation>Bước &amp;sau của bài học</translation>
    </message>
    <message>
        <source>The guided lesson's next step (PageDown, as presenter clickers send)</source>
        <translation>Bước tiếp theo của bài học có hướng dẫn (PageDown, như bút trình chiếu gửi)</translation>
    </message>
    <message>
        <source>Pre&amp;vious Lesson Step</source>
        <translation>Bước t&amp;rước của bài học</translation>
    </message>
    <message>
        <source>The guided lesson's previous step (PageUp)</source>
        <translation>Bước trước của bài học có hướng dẫn (PageUp)</translation>
    </message>
    <message>
        <source>The animation's next step (Right; PageDown too while no lesson is open)</source>
        <translation>Bước tiếp theo của hoạt ảnh (Phải; cả PageDown khi không có bài học nào đang mở)</translation>
    </message>
    <message>
        <source>The animation's previous step (Left; PageUp too while no lesson is open)</source>
        <translation>Bước trước của hoạt ảnh (Trái; cả PageUp khi không có bài học nào đang mở)</translation>
    </message>
    <message>
        <source>Open Sessio&amp;n...</source>
        <translation>&amp;Mở phiên...</translation>
    </message>
    <message>
        <source>Foc&amp;us on View</source>
        <translation>Tập trung &amp;vào khung nhìn</translation>
    </message>
    <message>
        <source>&amp;Count a Batch of 32 × 512</source>
        <translation>Đếm &amp;một lô 32 × 512</translation>
    </message>
    <message>
        <source>&amp;Next Pane</source>
        <translation>Khung tiếp th&amp;eo</translation>
    </message>
    <message>
        <source>Move the keyboard focus to the next pane: the main area or a panel (F6)</source>
        <translation>Chuyển tiêu điểm bàn phím sang khung tiếp theo: vùng chính hoặc một bảng (F6)</translation>
    </message>
    <message>
        <source>P&amp;revious Pane</source>
        <translation>&amp;Quay lại khung trước</translation>
    </message>
    <message>
        <source>Move the keyboard focus to the previous pane (Shift+F6)</source>
        <translation>Chuyển tiêu điểm bàn phím về khung trước đó (Shift+F6)</translation>
    </message>
    <message>
        <source>Next Panel &amp;Tab</source>
        <translation>Thẻ bảng t&amp;iếp theo</translation>
    </message>
    <message>
        <source>Bring the next tab of the focused panel's area to the front (Ctrl+Tab)</source>
        <translation>Đưa thẻ tiếp theo trong vùng của bảng đang có tiêu điểm lên trước (Ctrl+Tab)</translation>
    </message>
    <message>
        <source>Pr&amp;evious Panel Tab</source>
        <translation>Thẻ bảng &amp;liền trước</translation>
    </message>
    <message>
        <source>Bring the previous tab of the focused panel's area to the front (Ctrl+Shift+Tab)</source>
        <translation>Đưa thẻ liền trước trong vùng của bảng đang có tiêu điểm lên trước (Ctrl+Shift+Tab)</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::WindowDialogs</name>
    <message>
        <source>Preferences</source>
        <translation>Tuỳ chọn</translation>
    </message>
    <message>
        <source>&amp;Colour map:</source>
        <translation>&amp;Bảng màu:</translation>
    </message>
    <message>
        <source>&amp;Animation speed:</source>
        <translation>Tốc độ &amp;hoạt ảnh:</translation>
    </message>
    <message>
        <source>About EmbedLab</source>
        <translation>Giới thiệu EmbedLab</translation>
    </message>
    <message>
        <source>&lt;h3&gt;EmbedLab %1&lt;/h3&gt;&lt;p&gt;nn.Embedding and nn.Linear wrap the same kind of weight matrix: looking up row i is multiplying a one-hot vector by it.&lt;/p&gt;&lt;p&gt;Copyright 2026 EmbedLab developers.&lt;/p&gt;&lt;p&gt;This program is free software: you can redistribute it and/or modify it under the terms of the GNU General Public License as published by the Free Software Foundation, either version 3 of the License, or (at your option) any later version.&lt;/p&gt;&lt;p&gt;This program is distributed in the hope that it will be useful, but WITHOUT ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the &lt;a href="https://www.gnu.org/licenses/gpl-3.0.html"&gt;GNU General Public License&lt;/a&gt; for more details.&lt;/p&gt;&lt;p&gt;SPDX-License-Identifier: GPL-3.0-or-later&lt;/p&gt;</source>
        <translation>&lt;h3&gt;EmbedLab %1&lt;/h3&gt;&lt;p&gt;nn.Embedding và nn.Linear bao bọc cùng một loại ma trận trọng số: tra cứu hàng i chính là nhân một vector one-hot với nó.&lt;/p&gt;&lt;p&gt;Bản quyền 2026 các nhà phát triển EmbedLab.&lt;/p&gt;&lt;p&gt;Chương trình này là phần mềm tự do: bạn có thể phân phối lại và/hoặc sửa đổi nó theo các điều khoản của Giấy phép Công cộng GNU do Tổ chức Phần mềm Tự do công bố, phiên bản 3 của Giấy phép hoặc (tuỳ bạn chọn) bất kỳ phiên bản nào mới hơn.&lt;/p&gt;&lt;p&gt;Chương trình này được phân phối với hy vọng nó sẽ hữu ích, nhưng KHÔNG CÓ BẤT KỲ BẢO ĐẢM NÀO; thậm chí không có bảo đảm ngụ ý về KHẢ NĂNG THƯƠNG MẠI hay SỰ PHÙ HỢP CHO MỘT MỤC ĐÍCH CỤ THỂ. Xem &lt;a href="https://www.gnu.org/licenses/gpl-3.0.html"&gt;Giấy phép Công cộng GNU&lt;/a&gt; để biết thêm chi tiết.&lt;/p&gt;&lt;p&gt;SPDX-License-Identifier: GPL-3.0-or-later&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&amp;Theme:</source>
        <translation>&amp;Giao diện:</translation>
    </message>
</context>
<context>
    <name>embedlab::ui::WindowMenus</name>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Tệp</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Sửa</translation>
    </message>
    <message>
        <source>Pre&amp;sets</source>
        <translation>Cấu hình &amp;sẵn</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>&amp;Mô hình</translation>
    </message>
    <message>
        <source>&amp;Animation</source>
        <translation>&amp;Hoạt ảnh</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>Trợ &amp;giúp</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Xem</translation>
    </message>
    <message>
        <source>&amp;Colour Map</source>
        <translation>&amp;Bảng màu</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Chính</translation>
    </message>
    <message>
        <source>Lan&amp;guage</source>
        <translation>&amp;Ngôn ngữ</translation>
    </message>
</context>
</TS>
