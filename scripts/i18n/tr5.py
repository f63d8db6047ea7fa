from tr1 import t, T, PLURAL
t("%1: %2 (of %3)", "%1: %2 (trên %3)", "%1：%2（共 %3）")
t("%1: all %2", "%1: tất cả %2", "%1：全部 %2")
t("; token %1 (h's own) is not shown: rank %2, logit %3", "; token %1 (của chính h) không được hiển thị: hạng %2, logit %3", "；token %1（h 自己的）未显示：排名 %2，logit %3")
t("= .grad (sum)", "= .grad (tổng)", "= .grad（求和）")
t("Adam's running average exp_avg still holds their gradients from earlier steps", "trung bình động exp_avg của Adam vẫn giữ gradient của chúng từ các bước trước", "Adam 的滑动平均 exp_avg 仍保存着它们在之前步骤中的梯度")
t("Before the screenshot: tied, untied-reinit, compare or train.", "Trước khi chụp màn hình: tied, untied-reinit, compare hoặc train.", "截图之前：tied、untied-reinit、compare 或 train。")
t("Export heatmap|onehot|histogram|unembedding|window to --out FILE.png|.svg|.pdf without a window (see README).", "Xuất heatmap|onehot|histogram|unembedding|window ra --out TỆP.png|.svg|.pdf mà không mở cửa sổ (xem README).", "不打开窗口，将 heatmap|onehot|histogram|unembedding|window 导出到 --out 文件.png|.svg|.pdf（见 README）。")
t("after − before", "sau − trước", "之后 − 之前")
t("change = after − before", "thay đổi = sau − trước", "变化 = 之后 − 之前")
t("entries changed", "số phần tử đã thay đổi", "改变的元素")
t("grad via lookup", "grad qua phép tra cứu", "经由查表的 grad")
t("momentum = %1, and the momentum buffer still holds their gradients from earlier steps", "momentum = %1, và bộ đệm momentum vẫn giữ gradient của chúng từ các bước trước", "momentum = %1，momentum 缓冲区仍保存着它们在之前步骤中的梯度")
t("non-zero entries", "số phần tử khác 0", "非零元素")
t("non-zero rows", "số hàng khác 0", "非零行")
t("rows %1: %2", "các hàng %1: %2", "第 %1 行：%2")
t("rows changed", "số hàng đã thay đổi", "改变的行")
t("the optimiser's state", "trạng thái của bộ tối ưu", "优化器的状态")
t("weight_decay = %1 adds %1 * W to the gradient of every row, looked up or not", "weight_decay = %1 cộng %1 * W vào gradient của mọi hàng, dù có được tra cứu hay không", "weight_decay = %1 会给每一行（无论是否被查找）的梯度加上 %1 * W")
t("empty matrix: %1 x %2", "ma trận rỗng: %1 x %2", "空矩阵：%1 x %2")
PLURAL["Export cancelled after %n frame(s) in %1"] = (["Đã huỷ xuất sau %n khung hình trong %1"], ["已取消导出：已在 %1 写入 %n 帧"], ["Export cancelled after %n frame in %1", "Export cancelled after %n frames in %1"])
# Distributions as the histogram's legend and table name them: Normal and Uniform stay PyTorch's
# notation (as in the prose that explains them), the words around them are translated.
t("Normal(%1, %2)", "Normal(%1, %2)", "Normal(%1, %2)")
t("Uniform(±%1)", "Uniform(±%1)", "Uniform(±%1)")
t("Uniform(%1, %2)", "Uniform(%1, %2)", "Uniform(%1, %2)")
t("Truncated normal on [%1, %2]", "Normal cắt cụt trên [%1, %2]", "[%1, %2] 上的截断正态分布")
t("Constant(%1)", "Hằng số(%1)", "常数(%1)")
# Undo across a model replaced outside the undo history (a lesson step).
t(" with lm_head.bias", " với lm_head.bias", "（含 lm_head.bias）")
t("%1 (dropped: the model was replaced)", "%1 (đã bỏ: mô hình đã được thay thế)", "%1（已丢弃：模型已被替换）")
t("Undo skipped: lm_head.weight was untied when that step was taken and has been tied outside the undo history since (by a lesson step).",
  "Đã bỏ qua hoàn tác: lm_head.weight chưa được buộc khi thực hiện bước đó, và từ đó đã được buộc bên ngoài lịch sử hoàn tác (bởi một bước của bài học).",
  "已跳过撤销：执行该步骤时 lm_head.weight 尚未绑定，此后它在撤销历史之外（由课程的某一步）被绑定。")
t("Undo skipped: that step changed Embedding(%1, %2)%3, but the model is now Embedding(%4, %5)%6, replaced outside the undo history (by a lesson step).",
  "Đã bỏ qua hoàn tác: bước đó đã thay đổi Embedding(%1, %2)%3, nhưng mô hình hiện là Embedding(%4, %5)%6, đã được thay thế bên ngoài lịch sử hoàn tác (bởi một bước của bài học).",
  "已跳过撤销：该步骤修改的是 Embedding(%1, %2)%3，但模型现在是 Embedding(%4, %5)%6，它已在撤销历史之外（由课程的某一步）被替换。")
