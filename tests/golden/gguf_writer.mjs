// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
//
// GGUF v3 files holding metadata only, for the tokenizer generators (gen_tokenizer.mjs,
// gen_tokenizer_models.mjs): gguf([[key, type, value], ...]) with type 'string', 'bool', 'uint32',
// 'strings', 'int32s' or 'float32s'; little-endian, no tensors.
export function gguf(entries) {
    const parts = [];
    const u32 = (v) => { const b = Buffer.alloc(4); b.writeUInt32LE(v); parts.push(b); };
    const u64 = (v) => { const b = Buffer.alloc(8); b.writeBigUInt64LE(BigInt(v)); parts.push(b); };
    const str = (s) => { const b = Buffer.from(s, 'utf8'); u64(b.length); parts.push(b); };
    parts.push(Buffer.from('GGUF'));
    u32(3);
    u64(0);
    u64(entries.length);
    for (const [key, type, value] of entries) {
        str(key);
        if (type === 'string') { u32(8); str(value); }
        else if (type === 'bool') { u32(7); parts.push(Buffer.from([value ? 1 : 0])); }
        else if (type === 'uint32') { u32(4); u32(value); }
        else if (type === 'strings') { u32(9); u32(8); u64(value.length); value.forEach(str); }
        else if (type === 'int32s' || type === 'float32s') {
            u32(9); u32(type === 'int32s' ? 5 : 6); u64(value.length);
            const b = Buffer.alloc(4 * value.length);
            value.forEach((v, i) => (type === 'int32s' ? b.writeInt32LE(v, 4 * i) : b.writeFloatLE(v, 4 * i)));
            parts.push(b);
        }
    }
    return Buffer.concat(parts);
}

