// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
//
// The texts every tokenizer generator records ids for (gen_tokenizer.mjs, gen_tokenizer_models.mjs):
// many scripts, digits, whitespace, emoji, contractions, and seeded mixtures of them.
// --- the texts ----------------------------------------------------------------------------------
export const texts = [
    // English
    'Hello world', 'Hello, world!', 'The quick brown fox jumps over the lazy dog.',
    'Embeddings map token ids to vectors.', 'GPT-2 has a vocabulary of 50,257 tokens.',
    'A student opens wte and sees 50257 rows.', 'lowercase words only here', 'ALL CAPS SHOUTING TEXT',
    'CamelCaseIdentifiersLikeThisOne', 'snake_case_identifier_name', 'kebab-case-identifier',
    'e-mail: someone@example.com', 'https://example.org/path?query=1&x=y#frag', 'C:\\Users\\name\\file.txt',
    'def f(x):\n    return x * 2\n', 'for (int i = 0; i < n; ++i) { sum += a[i]; }', '<html><body>Hi</body></html>',
    '{"key": [1, 2, 3], "other": null}', 'Mr. Smith went to Washington D.C. in 1999.', 'antidisestablishmentarianism',
    'pneumonoultramicroscopicsilicovolcanoconiosis', 'Supercalifragilisticexpialidocious!', 'rhythm myth crypt',
    'naïve café résumé façade', 'Zürich, Köln, Göteborg, São Paulo, Kraków', 'Ångström ñandú œuvre Æsir',
    // contractions
    "it's", "don't", "we're", "they've", "I'm", "you'll", "he'd", "It's the cat's toy, isn't it?",
    "I'M SHOUTING, DON'T", "'s", "'t'", "''", "'''", "rock 'n' roll", "y'all'd've", "the '90s",
    "O'Reilly's 'quoted' words", "'ll 've 're 'd 'm", "can't won't shan't", "’s curly apostrophe’s",
    // whitespace
    ' ', '  ', '   ', '\t', '\n', '\n\n', '\r\n', 'a\r\nb', 'trailing space ', 'trailing spaces   ',
    ' leading space', '   leading spaces', 'multiple   spaces   between', 'tab\tseparated\tvalues',
    'mixed \t \n whitespace', 'line one\nline two\n', 'para one\n\npara two', 'a\n\n\n\nb', ' \n ',
    '\t\tindented with tabs', '    indented with spaces', 'no\u00a0break\u00a0space', '\u00a0leading nbsp',
    'ideographic\u3000space', 'em\u2003space and thin\u2009space', 'line\u2028separator', 'end with newline\n',
    'spaces before newline   \nnext', '\u000b vertical tab \u000c form feed', 'a \u00a0 b', '  \t  \n  x',
    'x  ', 'x \n', ' x ', '\n x', '\u2000\u2001\u2002 wide spaces',
    // digits
    '0', '7', '42', '123', '1234', '12345678901234567890', '3.14159', '-273.15', '1,000,000',
    '2026-11-26', '12:34:56', '1st 2nd 3rd 4th', 'v1.2.3', '0x1F600', '١٢٣ Arabic-Indic digits',
    '४२ Devanagari digits', '½ ¾ ² ³ Ⅻ ⅷ', '①②③ circled', '１２３ fullwidth', 'a1b2c3',
    // Vietnamese: precomposed (NFC) and decomposed (NFD, combining marks)
    'Xin chào thế giới', 'Tiếng Việt có dấu', 'Hà Nội là thủ đô của Việt Nam', 'Phở bò tái chín',
    'Cộng hòa Xã hội chủ nghĩa Việt Nam', 'Tôi yêu tiếng nước tôi', 'đường phố Sài Gòn', 'Nguyễn Trãi, Lê Lợi',
    'người ngưỡng ngữ', 'ỗ ộ ở ỡ ợ ừ ứ ự ử ữ', 'Đây là một câu dài hơn để kiểm tra.', 'Cảm ơn bạn rất nhiều!',
    // Chinese, Japanese, Korean
    '你好，世界', '我爱北京天安门', '中文分词很有意思。', '机器学习和深度学习', '嵌入层把词元映射成向量',
    '汉字 and English 混合', '繁體中文測試', '「引号」和《书名号》', '日本語のテキストです', 'ひらがな カタカナ 漢字',
    '東京タワー', '한국어 텍스트', '안녕하세요 세계', '서울특별시',
    // emoji
    '😀', '😀😃😄', 'I ❤️ NY', '👍🏽 thumbs up', '👨‍👩‍👧‍👦 family', '🏳️‍🌈 flag', '🇻🇳🇨🇳🇺🇸',
    'emoji at end 🎉', '🤖 robots 🤖 everywhere', '👩🏿‍💻 coder', '1️⃣ keycap', '☃ ☂ ☀ ✓ ✗',
    // Arabic, Hebrew, Hindi, others
    'مرحبا بالعالم', 'اللغة العربية جميلة', 'الذكاء الاصطناعي', 'שלום עולם', 'नमस्ते दुनिया',
    'हिन्दी भाषा', 'कृत्रिम बुद्धिमत्ता', 'Привет, мир!', 'Ελληνικά γράμματα', 'ภาษาไทย', 'ქართული',
    'Հայերեն', 'বাংলা ভাষা', 'தமிழ் மொழி', 'አማርኛ',
    // punctuation and edge cases
    '...', '!!!', '???', '?!', '—', '–-—', '«guillemets»', '“smart quotes”', '#hashtag @mention',
    '$100 €50 £20 ¥1000', '100%', '(parentheses) [brackets] {braces}', '***bold***', '~~~', '|||',
    '\u0301 lone combining mark', 'e\u0301', 'a\u200db', '\u200b zero width space', '\ufffd replacement',
    'x\u0338', '\u00ad soft hyphen', '©®™', '∑∫√∞≠≤≥', '←↑→↓', '♠♣♥♦', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '𝟘𝟙𝟚',
    'tab\tand\u00a0nbsp\u3000mix', 'A', 'a', '!', '\u0000', '\u007f', 'ÿ', '\u0100',
    'x'.repeat(300), 'ab'.repeat(200), 'a '.repeat(150), ' '.repeat(100), '\n'.repeat(50),
    '!'.repeat(120), '1234567890'.repeat(30), 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(8),
    'Thisisaverylongwordwithoutanyspacesthatgoesonandonforquiteawhiletotesttheheappathofbpe',
    'ĠĊ Ġ already byte-level characters', '<|endoftext|> as plain text', 'a<|endoftext|>b',
    // where the references' \s differs
    'next\u0085line', 'bom\ufeffinside', '\ufeffleading bom', 'a \u0085b', 'x \ufeffy', '\u0085\u0085 z',
    'word\ufeff word', 'two  \ufeff\ufeff', 'nel \u0085\u0085',
];

// Seeded mixtures of the fragments above: scripts, digits and whitespace side by side.
let state = 20261126n;
function next(n) {
    state = (state * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
    return Number((state >> 33n) % BigInt(n));
}
const fragments = texts.filter((t) => t.length < 40 && !t.includes('\u0085') && !t.includes('\ufeff'));
const joins = [' ', '', '\n', '  ', '\t', ', ', ' - ', '\r\n'];
for (let i = 0; i < 60; ++i) {
    let t = '';
    const count = 2 + next(4);
    for (let k = 0; k < count; ++k) t += (k ? joins[next(joins.length)] : '') + fragments[next(fragments.length)];
    texts.push(t);
}


/// Where JavaScript's \s differs from Unicode's White_Space (U+0085, U+FEFF): texts that hold them.
export const whitespaceDifference = /[\u0085\ufeff]/;
