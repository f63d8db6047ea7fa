// SPDX-License-Identifier: GPL-3.0-or-later
// SPDX-FileCopyrightText: 2026 EmbedLab developers
#pragma once

#include <stdexcept>
#include <string>

namespace embedlab::core {

/// A user-facing error carrying PyTorch's exact message and Python exception type, e.g.
/// `IndexError: index out of range in self`. The core throws it; every UI entry point catches it.
class Error : public std::runtime_error {
public:
    enum class Kind {
        RuntimeError,
        IndexError,
        ValueError,
        AssertionError,
        MemoryError,
        TypeError,
        AttributeError,
        ZeroDivisionError,
        UnicodeDecodeError
    };

    Error(Kind kind, const std::string &message)
        : std::runtime_error(message)
        , m_kind(kind)
    {}

    Kind kind() const { return m_kind; }
    /// "IndexError", "RuntimeError", ... as Python names the exception.
    const char *kindName() const
    {
        switch (m_kind) {
        case Kind::RuntimeError:
            return "RuntimeError";
        case Kind::IndexError:
            return "IndexError";
        case Kind::ValueError:
            return "ValueError";
        case Kind::AssertionError:
            return "AssertionError";
        case Kind::MemoryError:
            return "MemoryError";
        case Kind::TypeError:
            return "TypeError";
        case Kind::AttributeError:
            return "AttributeError";
        case Kind::ZeroDivisionError:
            return "ZeroDivisionError";
        case Kind::UnicodeDecodeError:
            return "UnicodeDecodeError";
        }
        return "Error";
    }
    /// The last line of Python's traceback: "IndexError: index out of range in self". The one
    /// place that formats an error for a user (views wrap it with QString::fromStdString).
    std::string pythonText() const { return std::string(kindName()) + ": " + what(); }

private:
    Kind m_kind;
};

/// Throws the ValueError with which a weight file's reader refuses a malformed file (NumPy and the
/// safetensors and gguf packages raise ValueError there too).
[[noreturn]] inline void throwValueError(const std::string &message)
{
    throw Error(Error::Kind::ValueError, message);
}

} // namespace embedlab::core
