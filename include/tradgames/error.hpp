// tradgames: the error hierarchy. Every error the library throws derives from tradgames::Error,
// so a caller can catch one type; the subclasses say which kind of input was at fault.
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

namespace tradgames {

/// Base of every exception thrown by the library. what() is one line naming what was wrong
/// and where.
class Error : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

/// Malformed text: a position string (FEN), a move, a PDN record, a square name. The message
/// names the offending text and its place (character offset, field, line).
class ParseError : public Error {
public:
    using Error::Error;
};

/// A position that is well-formed text but impossible under the rules (a man on its own
/// promotion row, too many men, a square used twice, no biy ...).
class PositionError : public Error {
public:
    using Error::Error;
};

/// A move that is not legal in the position, or that matches several legal moves
/// (AmbiguousMoveError).
class IllegalMoveError : public Error {
public:
    using Error::Error;
};

/// A move text that matches more than one legal move; what() lists the candidates.
class AmbiguousMoveError : public IllegalMoveError {
public:
    using IllegalMoveError::IllegalMoveError;
};

/// An unknown variant name, unknown rule option, or a value outside an option's domain.
class OptionError : public Error {
public:
    using Error::Error;
};

/// A board graph that cannot be compiled (too many vertices, two edges with one label...).
class BoardError : public Error {
public:
    using Error::Error;
};

/// A variant descriptor (JSON) that cannot be read: malformed JSON, an unknown field, a wrong
/// type, a value out of range, an impossible board. The message names the source (file) and
/// the field.
class DescriptorError : public Error {
public:
    using Error::Error;
};

/// Quotes user text for an error message: wrapped in single quotes, control and non-ASCII
/// bytes written as \xNN, cut after 60 characters with "..." so that a message stays one line.
[[nodiscard]] std::string quoted(std::string_view text);

}  // namespace tradgames
