// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#include "core/nn/FitScript.h"

#include "core/format/JsonString.h"
#include "core/format/PythonPackages.h"
#include "core/text/Tokenizer.h"

#include <filesystem>
#include <sstream>

namespace embedlab::core {

namespace {

// Lines of the text literal stay within this many characters where a space allows it.
constexpr std::size_t kWidth = 84;

bool isLeadByte(unsigned char c)
{
    return (c & 0xc0) != 0x80;
}

// `line` cut into pieces of at most kWidth code points, after a space when there is one.
std::vector<std::string_view> pieces(std::string_view line)
{
    std::vector<std::string_view> out;
    while (!line.empty()) {
        std::size_t points = 0, cut = line.size(), lastSpace = 0;
        for (std::size_t i = 0; i < line.size(); ++i) {
            if (!isLeadByte(static_cast<unsigned char>(line[i])))
                continue;
            if (points == kWidth) {
                cut = lastSpace > 0 ? lastSpace : i;
                break;
            }
            ++points;
            if (line[i] == ' ')
                lastSpace = i + 1;
        }
        out.push_back(line.substr(0, cut));
        line.remove_prefix(cut);
    }
    return out;
}

// A JSON string literal is a Python one with the same value (the same escapes: \" \\ \n \r \t
// \b \f \u00XX), and the UTF-8 text stays readable.
std::string textLiteral(std::string_view text)
{
    std::string out = "text = (\n";
    if (text.empty())
        return out + "    \"\"\n)\n";
    std::size_t start = 0;
    while (start < text.size()) {
        const std::size_t newline = text.find('\n', start);
        const std::size_t end = newline == std::string_view::npos ? text.size() : newline + 1;
        for (std::string_view piece : pieces(text.substr(start, end - start)))
            out += "    " + jsonString(piece) + "\n";
        start = end;
    }
    return out + ")\n";
}

std::string pythonPath(const std::string &path)
{
    return jsonString(path);
}

std::string idsLine(const FitScript &s)
{
    switch (s.tokens) {
    case FitScript::Tokens::Characters:
        return "ids = [ord(c) for c in text]  # characters: Unicode code points\n";
    case FitScript::Tokens::Gpt2:
        return "ids = tiktoken.get_encoding(\"gpt2\").encode_ordinary(text)  # GPT-2's tokens, no special "
               "ones\n";
    case FitScript::Tokens::TokenizerJson:
        return "ids = Tokenizer.from_file(" + pythonPath(s.tokenizerPath) +
               ").encode(text, add_special_tokens=False).ids\n";
    case FitScript::Tokens::VocabMerges: {
        const std::string merges =
            (std::filesystem::path(s.tokenizerPath).parent_path() / "merges.txt").string();
        return "ids = ByteLevelBPETokenizer(" + pythonPath(s.tokenizerPath) + ", " + pythonPath(merges) +
               ").encode(text).ids\n";
    }
    case FitScript::Tokens::Listed: {
        std::string line = "# the tokens of " + s.tokenizerName + ", as the app read them\nids = [";
        std::size_t column = 7;
        for (std::size_t i = 0; i < s.ids.size(); ++i) {
            std::string id = std::to_string(s.ids[i]) + (i + 1 < s.ids.size() ? "," : "");
            if (column + id.size() + 1 > 100) {
                line += "\n    ";
                column = 4;
            } else if (i > 0) {
                line += ' ';
                ++column;
            }
            line += id;
            column += id.size();
        }
        return line + "]\n";
    }
    }
    return {};
}

std::string imports(FitScript::Tokens tokens)
{
    // tiktoken and tokenizers are not in Debian: the script says so before it needs them.
    std::string out;
    if (tokens == FitScript::Tokens::Gpt2)
        out = installComment({"tiktoken"}) + '\n';
    else if (tokens == FitScript::Tokens::TokenizerJson || tokens == FitScript::Tokens::VocabMerges)
        out = installComment({"tokenizers"}) + '\n';
    out += "import torch\nimport torch.nn.functional as F\n";
    if (tokens == FitScript::Tokens::Gpt2)
        out += "import tiktoken\n";
    else if (tokens == FitScript::Tokens::TokenizerJson)
        out += "from tokenizers import Tokenizer\n";
    else if (tokens == FitScript::Tokens::VocabMerges)
        out += "from tokenizers import ByteLevelBPETokenizer\n";
    return out;
}

} // namespace

std::string FitScript::python() const
{
    const FitConfig &c = config;
    std::ostringstream py;
    py << imports(tokens) << '\n' << textLiteral(text) << idsLine(*this);
    py << "vocab = sorted(set(ids))  # row r of the model is token vocab[r]\n"
          "row = {token: r for r, token in enumerate(vocab)}\n"
          "rows = torch.tensor([row[token] for token in ids])\n";
    py << "C, B, V, D = " << c.context << ", " << c.batch << ", len(vocab), " << c.dim << '\n';
    py << "x = rows.unfold(0, C, 1)[:-1]  # x[i]: the C tokens before y[i]\n"
          "y = rows[C:]\n\n";
    py << "torch.manual_seed(" << c.seed << ")\n";
    py << "emb = torch.nn.Embedding(V, D)\n";
    py << "head = torch.nn.Linear(D, V, bias=" << (c.bias ? "True" : "False") << ")\n";
    if (c.tied)
        py << "head.weight = emb.weight  # tied: one matrix for both\n";
    py << "opt = " << c.optimizer.pythonCall("torch.nn.ModuleList([emb, head]).parameters()") << "\n\n";
    py << "for k in range(1, " << steps + 1
       << "):\n"
          "    i = torch.arange((k - 1) * B, k * B) % len(y)  # the next B examples\n"
          "    logits = head(emb(x[i]).mean(dim=1))\n"
          "    loss = F.cross_entropy(logits, y[i])\n"
          "    opt.zero_grad()\n"
          "    loss.backward()\n"
          "    opt.step()\n";
    py << "    if k % " << every << " == 0 or k == " << steps << ":\n"
       << "        print(k, loss.item())\n";
    return py.str();
}

void FitScript::useTokenizer(const std::string &path, const Tokenizer &tokenizer)
{
    const std::filesystem::path file(path);
    tokenizerPath.clear();
    tokenizerName.clear();
    ids.clear();
    // GPT-2's encoder: its vocabulary and ids, and no added token taken out of the text (tiktoken's
    // encode_ordinary reads "<|endoftext|>" as text; a tokenizer.json that lists it does not).
    if (tokenizer.vocabSize() == 50257 &&
        tokenizer.encode("Hello world") == std::vector<std::int64_t>{15496, 995} &&
        tokenizer.encode("<|endoftext|>").size() > 1) {
        tokens = Tokens::Gpt2;
    } else if (file.extension() == ".json" && file.filename() != "vocab.json") {
        tokens = Tokens::TokenizerJson;
        tokenizerPath = path;
    } else if (file.filename() == "vocab.json") {
        tokens = Tokens::VocabMerges;
        tokenizerPath = path;
    } else {
        tokens = Tokens::Listed;
        tokenizerName = file.filename().string();
        ids = tokenizer.encode(text);
    }
}

} // namespace embedlab::core
