// tradgames: the error hierarchy. Every error the library throws derives from tradgames::Error,
// so a caller can catch one type; the subclasses say which kind of input was at fault.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

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
/// (AmbiguousMoveError). When the library refused a move text it also carries the structured
/// reason (tradgames/explain.hpp, MoveExplanation): the reason's name, the RULES.md section that
/// decides it and the legal alternatives in notation; all three are empty otherwise.
class IllegalMoveError : public Error {
public:
    using Error::Error;
    /// what() is `what`; reason() is a MoveReason name ("capture-compulsory"), rule() a
    /// RULES.md section ("variants/czech/RULES.md §6") or empty, legal() the legal
    /// alternatives in the variant's notation.
    IllegalMoveError(const std::string& what, std::string reason, std::string rule,
                     std::vector<std::string> legal);
    /// The reason's name (to_string(MoveReason)), or empty when none was given.
    [[nodiscard]] const std::string& reason() const noexcept;
    /// The rule that decides it, "variants/<game>/RULES.md §N", or empty.
    [[nodiscard]] const std::string& rule() const noexcept;
    /// The legal alternatives the reason points to, in notation (may be empty).
    [[nodiscard]] const std::vector<std::string>& legal() const noexcept;

private:
    struct Details {
        std::string reason, rule;
        std::vector<std::string> legal;
    };
    // Shared, so that copying the exception (as throwing does) never throws.
    std::shared_ptr<const Details> details_;
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
