// tradgames: the registry of games, above the core.
//
// The core library (tradgames::core: board, position, capture generator, variant interface,
// game, perft, playouts, shards, io) names no game. The games library (tradgames::tradgames)
// holds the draughts family (variants/draughts/, tradgames/draughts.hpp) and the built-in
// games: each draughts game is a JSON descriptor in variants/<game>/<game>.json, compiled into
// the library as text; Shatra is a C++ variant with hooks. This header is the games library's
// interface: look a game up by name or PDN GameType, build it with options, build a user's
// variant from a descriptor file, and resolve the variant of a PDN record. It does not include
// nlohmann/json.hpp; the --json form of an entry is in tradgames/registry_json.hpp.
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "tradgames/draughts.hpp"
#include "tradgames/io/pdn.hpp"
#include "tradgames/options.hpp"
#include "tradgames/variant.hpp"

namespace tradgames {

/// Entry of the variant registry.
struct VariantInfo {
    /// Registry name ("russian", "international", "tobit-4x4").
    std::string name;
    /// One-line description.
    std::string description;
    /// Other accepted names ("checkers" for "english").
    std::vector<std::string> aliases;
    /// PDN GameType number, 0 if PDN has none for the game.
    int pdn_game_type = 0;
    /// The draughts descriptor as JSON text (draughts_descriptor_to_json), or empty for a game
    /// that is not a draughts descriptor (Shatra).
    std::string descriptor_json;
};

/// The registered variants, in registration order.
[[nodiscard]] std::vector<VariantInfo> list_variants();

/// A built-in game this build cannot make, and why.
struct UnavailableVariant {
    /// Registry name ("canadian").
    std::string name;
    /// One-line description.
    std::string description;
    /// What it needs: "needs a 128-vertex build (configure with -DTRADGAMES_MAX_VERTICES=128)".
    std::string reason;
};

/// The built-in games this build holds but cannot make (a board wider than its vertex sets:
/// Canadian in a 64-vertex build); make_variant throws OptionError with the reason for them.
/// Not in list_variants().
[[nodiscard]] std::vector<UnavailableVariant> unavailable_variants();

/// The registry entry of variant `name` (ASCII case-insensitive; aliases accepted).
/// Throws OptionError for an unknown name, listing the known ones.
[[nodiscard]] VariantInfo variant_info(std::string_view name);

/// Creates variant `name` (ASCII case-insensitive, as PDN's [Variant] tag; aliases accepted)
/// with rule options given as "key=value" strings (applied in order; a key given twice takes
/// its last value). Throws OptionError for an unknown variant (listing the known ones) or a
/// bad option.
[[nodiscard]] std::shared_ptr<const Variant> make_variant(
    std::string_view name, const std::vector<std::string>& options = {});

/// The option declarations (with defaults) of variant `name`. Throws OptionError if unknown.
[[nodiscard]] std::vector<OptionSpec> variant_options(std::string_view name);

/// Reads a draughts descriptor from JSON text (DraughtsDescriptor fields; "base" may name a
/// registered draughts variant whose descriptor the text then edits). `source` names the text
/// in messages. Throws DescriptorError naming the source and the field.
[[nodiscard]] DraughtsDescriptor read_descriptor(std::string_view json_text,
                                                 std::string_view source = "descriptor");

/// Creates the variant of a JSON descriptor with rule options ("key=value"). Throws
/// DescriptorError for a bad descriptor, OptionError for a bad option.
[[nodiscard]] std::shared_ptr<const Variant> make_variant_from_json(
    std::string_view json_text, const std::vector<std::string>& options = {},
    std::string_view source = "descriptor");

/// Reads the JSON descriptor file `path` (at most 1 MiB) and creates its variant with rule
/// options. Throws DescriptorError for a file that cannot be read (naming it and why) or a
/// bad descriptor, OptionError for a bad option.
[[nodiscard]] std::shared_ptr<const Variant> make_variant_from_file(
    const std::string& path, const std::vector<std::string>& options = {});

/// The variant name a record is written for: its [Variant] tag (a registered name or alias,
/// compared ignoring case), else the variant registered with its [GameType] number (the full
/// form "25,W,8,8,A0,0" is checked against that variant's board), else `fallback`.
/// Throws PdnError for an unknown Variant, an unsupported GameType, or the two disagreeing.
[[nodiscard]] std::string pdn_variant_name(const PdnGame& record,
                                           std::string_view fallback = "russian");

/// pdn_start + play_pdn, with the variant from pdn_variant_name(record, fallback) created with
/// `options` ("key=value"). Throws as those functions and OptionError for a bad option.
[[nodiscard]] Game replay_pdn(const PdnGame& record, std::string_view fallback = "russian",
                              const std::vector<std::string>& options = {});

/// As replay_pdn, for a record of the given variant (no lookup by tags).
[[nodiscard]] Game replay_pdn(const PdnGame& record, std::shared_ptr<const Variant> variant);

}  // namespace tradgames
