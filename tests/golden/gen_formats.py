#!/usr/bin/python3
# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 EmbedLab developers
"""Small weight files for the .npy, .safetensors and GGUF readers, with the float32 values that
NumPy/PyTorch give for them (tests/golden/formats/expected.json).

Run with Debian's system Python 3 (python3-numpy, PyTorch):  /usr/bin/python3 tests/golden/gen_formats.py

The .npy files are written by numpy.save / numpy.lib.format.write_array. Debian bookworm packages
neither the safetensors nor the gguf Python package, so those two containers are written here by
hand, following the safetensors format (8-byte little-endian header length, JSON header, data) and
GGUF v3 (llama.cpp's docs/gguf.md); the tensor bytes come from PyTorch and NumPy.
"""
import json
import math
import os
import struct

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "formats")


def json_float(x):
    x = float(x)
    if math.isnan(x):
        return "nan"
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    if x == 0 and math.copysign(1, x) < 0:
        return "-0.0"
    return x


def expected_tensor(values, dtype):
    """What numpy.asarray(x, dtype=float32) in C order holds."""
    # astype(order="C"), not ascontiguousarray, which turns a 0-d array into shape (1,).
    a = np.asarray(values).astype(np.float32, order="C")
    return {"shape": list(a.shape), "data": [json_float(v) for v in a.reshape(-1)], "dtype": dtype}


def npy_fixtures(expected):
    rng = np.random.default_rng(20260101)
    base = rng.standard_normal((3, 4)).astype(np.float64) * 3
    specials = np.array([[0.0, -0.0, 1.0, -2.5], [65504.0, 6.1e-5, 5.96e-8, 1e-7],
                         [np.inf, -np.inf, np.nan, 0.333]])
    cases = {
        "f4_le_c.npy": (base.astype("<f4"), False, None),
        "f4_be_c.npy": (base.astype(">f4"), False, None),
        "f2_le_specials.npy": (specials.astype("<f2"), False, None),
        "f2_be_c.npy": (base.astype(">f2"), False, None),
        "f8_le_c.npy": (base.astype("<f8"), False, None),
        "f8_be_fortran.npy": (base.astype(">f8"), True, None),
        "f4_fortran_3d.npy": (rng.standard_normal((2, 3, 4)).astype("<f4"), True, None),
        "i1.npy": (np.array([[-128, -1, 0], [1, 64, 127]], dtype="|i1"), False, None),
        "i2_be.npy": (np.array([[-32768, -2], [300, 32767]], dtype=">i2"), False, None),
        "i4_le.npy": (np.array([-2147483648, 16777217, 2147483647], dtype="<i4"), False, None),
        "i8_be.npy": (np.array([[-(2**63), 2**53 + 1], [2**63 - 1, 7]], dtype=">i8"), False, None),
        "u1.npy": (np.array([0, 1, 255], dtype="|u1"), False, None),
        "u2_le.npy": (np.array([0, 65535], dtype="<u2"), False, None),
        "u4_be.npy": (np.array([[4294967295, 5]], dtype=">u4"), False, None),
        "u8_le.npy": (np.array([2**64 - 1, 3], dtype="<u8"), False, None),
        "b1.npy": (np.array([[True, False], [False, True]]), False, None),
        "scalar.npy": (np.array(2.5, dtype="<f4"), False, None),
        "empty_0x3.npy": (np.zeros((0, 3), dtype="<f4"), False, None),
        "f4_v2.npy": (base.astype("<f4"), False, (2, 0)),
        "f4_v3.npy": (base.astype("<f4"), False, (3, 0)),
    }
    for name, (array, fortran, version) in cases.items():
        array = np.asfortranarray(array) if fortran else np.require(array, requirements="C")
        path = os.path.join(OUT, name)
        with open(path, "wb") as f:
            np.lib.format.write_array(f, array, version=version)
        loaded = np.load(path)
        assert loaded.flags.f_contiguous or not fortran
        expected[name] = {"array": expected_tensor(loaded, loaded.dtype.str)}
    # Pickled object arrays must be refused, never unpickled.
    np.save(os.path.join(OUT, "object.npy"), np.array([{"a": 1}, None], dtype=object), allow_pickle=True)


def safetensors_bytes(entries, metadata=None):
    """entries: list of (name, dtype, shape, raw bytes or ('alias', other name))."""
    header = {}
    if metadata:
        header["__metadata__"] = metadata
    data = b""
    ranges = {}
    for name, dtype, shape, raw in entries:
        if isinstance(raw, tuple):
            begin, end = ranges[raw[1]]
        else:
            begin, end = len(data), len(data) + len(raw)
            data += raw
        ranges[name] = (begin, end)
        header[name] = {"dtype": dtype, "shape": list(shape), "data_offsets": [begin, end]}
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    return struct.pack("<Q", len(text)) + text + data


def torch_bytes(t):
    t = t.contiguous()
    if t.dtype == torch.bfloat16:
        return t.view(torch.int16).numpy().tobytes()
    if t.dtype == torch.bool:
        return t.numpy().astype(np.uint8).tobytes()
    return t.numpy().tobytes()


def safetensors_fixtures(expected, inspect):
    torch.manual_seed(0)
    wte = torch.randn(10, 4)
    others = {
        "h.0.attn.weight": torch.randn(4, 4).to(torch.bfloat16),
        "h.0.attn.bias": torch.randn(4).to(torch.float16),
        "ln_f.weight": torch.randn(4).to(torch.float64),
        "position_ids": torch.arange(6, dtype=torch.int64).reshape(1, 6) - 2,
        "mask": torch.tensor([[True, False, True]]),
        "counts": torch.tensor([0, 200, 255], dtype=torch.uint8),
        "small": torch.tensor([-7, 9], dtype=torch.int32),
    }
    dtypes = {torch.bfloat16: "BF16", torch.float16: "F16", torch.float64: "F64", torch.int64: "I64",
              torch.bool: "BOOL", torch.uint8: "U8", torch.int32: "I32", torch.float32: "F32"}

    # Tied by aliasing: lm_head.weight names the same bytes as wte.weight.
    entries = [("wte.weight", "F32", wte.shape, torch_bytes(wte))]
    entries += [(n, dtypes[t.dtype], t.shape, torch_bytes(t)) for n, t in others.items()]
    entries.append(("lm_head.weight", "F32", wte.shape, ("alias", "wte.weight")))
    with open(os.path.join(OUT, "tied_alias.safetensors"), "wb") as f:
        f.write(safetensors_bytes(entries, {"format": "pt", "note": "lm_head.weight = wte.weight"}))
    expected["tied_alias.safetensors"] = {"wte.weight": expected_tensor(wte.numpy(), "F32"),
                                          "lm_head.weight": expected_tensor(wte.numpy(), "F32")}
    for n, t in others.items():
        expected["tied_alias.safetensors"][n] = expected_tensor(t.float().numpy(), dtypes[t.dtype])
    order = ["wte.weight", "lm_head.weight"] + list(others)  # data order; the alias right after wte
    inspect["tied_alias.safetensors"] = [
        f"{n}\t{'F32' if n in ('wte.weight', 'lm_head.weight') else dtypes[others[n].dtype]}\t"
        + "x".join(str(d) for d in (wte.shape if n in ("wte.weight", "lm_head.weight") else others[n].shape))
        for n in order] + ["tied\twte.weight\tlm_head.weight"]

    # Tied by equal copies (as torch.save of a tied model, cloned to be saved), plus two all-zero
    # matrices, which are equal but say nothing about tying.
    model_wte = torch.randn(6, 3)
    zeros = torch.zeros(2, 3)
    entries = [("transformer.wte.weight", "F32", (6, 3), torch_bytes(model_wte)),
               ("lora_b.0", "F32", (2, 3), torch_bytes(zeros)),
               ("lora_b.1", "F32", (2, 3), torch_bytes(zeros)),
               ("lm_head.weight", "F32", (6, 3), torch_bytes(model_wte.clone()))]
    with open(os.path.join(OUT, "tied_copy.safetensors"), "wb") as f:
        f.write(safetensors_bytes(entries))
    inspect["tied_copy.safetensors"] = ["transformer.wte.weight\tF32\t6x3", "lora_b.0\tF32\t2x3",
                                        "lora_b.1\tF32\t2x3", "lm_head.weight\tF32\t6x3",
                                        "tied\ttransformer.wte.weight\tlm_head.weight"]

    # GPT-2 style: only wte.weight, lm_head.weight absent because tied.
    gpt2 = {"wte.weight": torch.randn(12, 4), "wpe.weight": torch.randn(5, 4), "ln_f.bias": torch.zeros(4)}
    entries = [(n, "F32", t.shape, torch_bytes(t)) for n, t in gpt2.items()]
    with open(os.path.join(OUT, "gpt2_like.safetensors"), "wb") as f:
        f.write(safetensors_bytes(entries, {"format": "pt"}))
    inspect["gpt2_like.safetensors"] = [f"{n}\tF32\t" + "x".join(str(d) for d in t.shape) for n, t in gpt2.items()]
    expected["gpt2_like.safetensors"] = {n: expected_tensor(t.numpy(), "F32") for n, t in gpt2.items()}


GGUF_UINT32, GGUF_INT32, GGUF_FLOAT32, GGUF_BOOL, GGUF_STRING, GGUF_ARRAY = 4, 5, 6, 7, 8, 9


def gguf_string(s):
    b = s.encode()
    return struct.pack("<Q", len(b)) + b


def gguf_value(vtype, value):
    if vtype == GGUF_STRING:
        return gguf_string(value)
    if vtype == GGUF_ARRAY:
        itype, items = value
        return struct.pack("<IQ", itype, len(items)) + b"".join(gguf_value(itype, v) for v in items)
    return struct.pack({GGUF_UINT32: "<I", GGUF_INT32: "<i", GGUF_FLOAT32: "<f", GGUF_BOOL: "<?"}[vtype], value)


def quantize_q8_0(x):
    """ggml's quantize_row_q8_0_ref: per block of 32, d = amax / 127, q = round(x / d)."""
    blocks = x.astype(np.float32).reshape(-1, 32)
    raw, dequant = b"", []
    for block in blocks:
        amax = np.float32(np.max(np.abs(block)))
        d = amax / np.float32(127)
        inv = np.float32(1) / d if d != 0 else np.float32(0)
        q = np.array([int(np.round(v * inv)) for v in block], dtype=np.int8)
        d16 = np.float16(d)
        raw += d16.tobytes() + q.tobytes()
        # ggml's dequantize_row_q8_0: y = q * GGML_FP16_TO_FP32(d), in float32.
        dequant.append(q.astype(np.float32) * np.float32(d16))
    return raw, np.concatenate(dequant).reshape(x.shape)


def gguf_fixture(expected, inspect):
    torch.manual_seed(1)
    token_embd = torch.randn(8, 4)
    f16 = torch.randn(3, 4).to(torch.float16)
    bf16 = torch.randn(2, 4).to(torch.bfloat16)
    q8, q8_values = quantize_q8_0(torch.randn(2, 64).numpy())
    q4_raw = bytes(range(18))  # one Q4_0 block (tst_gguf decodes it; gen_gguf_quant.py has the rest)
    tensors = [  # name, PyTorch shape, ggml type id, type name, bytes
        ("token_embd.weight", (8, 4), 0, "F32", torch_bytes(token_embd)),
        ("blk.0.attn_q.weight", (3, 4), 1, "F16", torch_bytes(f16)),
        ("blk.0.ffn_up.weight", (2, 4), 30, "BF16", torch_bytes(bf16)),
        ("blk.0.ffn_down.weight", (2, 64), 8, "Q8_0", q8),
        ("blk.0.attn_k.weight", (1, 32), 2, "Q4_0", q4_raw),
    ]
    metadata = [("general.architecture", GGUF_STRING, "llama"),
                ("general.alignment", GGUF_UINT32, 32),
                ("llama.context_length", GGUF_UINT32, 64),
                ("llama.rope.freq_base", GGUF_FLOAT32, 10000.0),
                ("general.quantized", GGUF_BOOL, True),
                ("tokenizer.ggml.tokens", GGUF_ARRAY, (GGUF_STRING, ["<s>", "</s>", "a", "b", "c", "d", "e", "f",
                                                                    "g", "h"]))]
    header = b"GGUF" + struct.pack("<IQQ", 3, len(tensors), len(metadata))
    for key, vtype, value in metadata:
        header += gguf_string(key) + struct.pack("<I", vtype) + gguf_value(vtype, value)
    data, offsets = b"", []
    for _, _, _, _, raw in tensors:
        data += b"\0" * (-len(data) % 32)
        offsets.append(len(data))
        data += raw
    for (name, shape, type_id, _, _), offset in zip(tensors, offsets):
        ne = list(reversed(shape))  # GGUF stores dims innermost first
        header += gguf_string(name) + struct.pack("<I", len(ne)) + struct.pack(f"<{len(ne)}Q", *ne)
        header += struct.pack("<IQ", type_id, offset)
    header += b"\0" * (-len(header) % 32)
    with open(os.path.join(OUT, "tiny.gguf"), "wb") as f:
        f.write(header + data)
    expected["tiny.gguf"] = {
        "token_embd.weight": expected_tensor(token_embd.numpy(), "F32"),
        "blk.0.attn_q.weight": expected_tensor(f16.float().numpy(), "F16"),
        "blk.0.ffn_up.weight": expected_tensor(bf16.float().numpy(), "BF16"),
        "blk.0.ffn_down.weight": expected_tensor(q8_values, "Q8_0"),
    }
    inspect["tiny.gguf"] = [f"{n}\t{t}\t" + "x".join(str(d) for d in s) for n, s, _, t, _ in tensors]


def main():
    os.makedirs(OUT, exist_ok=True)
    expected, inspect = {}, {}
    npy_fixtures(expected)
    safetensors_fixtures(expected, inspect)
    gguf_fixture(expected, inspect)
    with open(os.path.join(OUT, "expected.json"), "w") as f:
        json.dump({"numpy": np.__version__, "torch": torch.__version__, "files": expected, "inspect": inspect},
                  f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
