import Mustache

/// What a template is given: the values Mustache distinguishes, and nothing else. A page's typed
/// context becomes one in one place (`TemplateValue.init(_:)`, `TemplateEncoder`), and
/// `TemplateRenderer` walks it with a `switch`, never a cast.
///
/// - `text` prints as it is (escaped by `{{name}}`); as a section it is pushed, as any value.
/// - `number` prints in decimal; as a section it is pushed (0 too: Mustache has no falsy numbers).
/// - `flag` prints `true` or `false`; a section shows when it is true, an inverted one when false.
/// - `list` renders a section once per element; an inverted section when it is empty.
/// - `object` is pushed by a section, and its keys are what names inside it look up first.
package enum TemplateValue: Sendable, Equatable {
    case text(String)
    case number(Int)
    case flag(Bool)
    case list([TemplateValue])
    case object(TemplateFields)

    /// An object whose values are all text: `t` (a language's words), `paths`, `assets`.
    package static func texts(_ table: [String: String]) -> TemplateValue {
        .object(TemplateFields(table.mapValues { .text($0) }))
    }

    /// The value of `name` in an object; nil for a missing key and for anything but an object.
    package func child(_ name: String) -> TemplateValue? {
        guard case .object(let fields) = self else { return nil }
        return fields[name]
    }
}

/// swift-mustache, which renders the templates that `TemplateRenderer` does not (see
/// `CompiledTemplate`), reads a `TemplateValue` as the plain value it stands for: a `String`,
/// `Int` or `Bool`, an array, a dictionary by name. Rendering the two ways is compared byte for
/// byte by `TemplateRendererTests`.
extension TemplateValue: MustacheCustomRepresentation {
    package var representation: Any? {
        switch self {
        case .text(let text): text
        case .number(let number): number
        case .flag(let flag): flag
        case .list(let list): list
        case .object(let fields): fields.dictionary
        }
    }
}
