import PopInteractive
import PopModel
import PopPresentation
import PopTerminal

/// One input from the page: the terminal host's own events (`TerminalAppEvent`), or a screen
/// reader's (`AccessibilityInput`, from the page's ARIA mirror). The player hands either to
/// `InteractiveHost`, so the page and `pophost run` share one input model. A message is a JSON object:
/// `{"kind": "pointer", "phase": "down" | "moved" | "up", "x": 195, "y": 420}` (screen points),
/// `{"kind": "tap", "x": …, "y": …}` (down then up), `{"kind": "type", "text": "123"}`,
/// `{"kind": "key", "key": "backspace" | "enter" | "escape" | "up" | "down" | one character}`,
/// `{"kind": "command", "key": …}` (a key that never types: the page's toggles), or
/// `{"kind": "accessibility", "command": "next" | "previous" | "escape"}`,
/// `{"kind": "accessibility", "command": "focus" | "activate", "id": NODE_ID}`,
/// `{"kind": "accessibility", "command": "voice_over", "on": true | false}`.
public enum PlayerInput: Hashable, Sendable {
    case events([TerminalAppEvent])
    /// A control's key (`{"kind": "command", "key": "a"}`: the page's toggles): it does what
    /// `pophost run`'s key does even while a field has the focus, where a key would type.
    case command(TerminalKey)
    case accessibility(AccessibilityInput)

    /// The input `message` stands for; throws naming what is wrong with it.
    public init(message: Value) throws(PreviewError) {
        guard case .object(let object) = message, case .string(let kind)? = object["kind"] else {
            throw PreviewError("an input must be a JSON object with a \"kind\" (pointer, tap, type, key, command or accessibility)")
        }
        switch kind {
        case "pointer":
            let phases: [String: PointerPhase] = ["down": .down, "moved": .moved, "up": .up]
            guard case .string(let name)? = object["phase"], let phase = phases[name] else {
                throw PreviewError("a pointer input needs a \"phase\": down, moved or up")
            }
            self = .events([.pointer(phase, try Self.point(in: object))])
        case "tap":
            let point = try Self.point(in: object)
            self = .events([.pointer(.down, point), .pointer(.up, point)])
        case "type":
            guard case .string(let text)? = object["text"] else { throw PreviewError("a type input needs a \"text\" string") }
            self = .events(text.map { .key(.character($0)) })
        case "key":
            guard case .string(let name)? = object["key"] else { throw PreviewError("a key input needs a \"key\" string") }
            self = .events([.key(try Self.key(named: name))])
        case "command":
            guard case .string(let name)? = object["key"] else { throw PreviewError("a command input needs a \"key\" string") }
            self = .command(try Self.key(named: name))
        case "accessibility":
            self = .accessibility(try Self.accessibility(in: object))
        default:
            throw PreviewError("unknown input kind \"\(kind)\" (pointer, tap, type, key, command or accessibility)")
        }
    }

    private static func accessibility(in object: Value.Object) throws(PreviewError) -> AccessibilityInput {
        let commands = "next, previous, focus, activate, escape or voice_over"
        guard case .string(let command)? = object["command"] else {
            throw PreviewError("an accessibility input needs a \"command\": \(commands)")
        }
        switch command {
        case "next": return .move(.next)
        case "previous": return .move(.previous)
        case "escape": return .escape
        case "focus", "activate":
            guard case .string(let id)? = object["id"], !id.isEmpty else {
                throw PreviewError("an accessibility \(command) needs an \"id\": the element's node id")
            }
            return command == "focus" ? .focus(id) : .activate(id)
        case "voice_over":
            guard case .bool(let on)? = object["on"] else { throw PreviewError("an accessibility voice_over needs \"on\": true or false") }
            return .voiceOver(on)
        default:
            throw PreviewError("unknown accessibility command \"\(command)\" (\(commands))")
        }
    }

    private static func point(in object: Value.Object) throws(PreviewError) -> Point {
        guard let x = number(object["x"]), let y = number(object["y"]), x.isFinite, y.isFinite else {
            throw PreviewError("a pointer input needs numbers \"x\" and \"y\" (screen points)")
        }
        return Point(x: x, y: y)
    }

    private static func number(_ value: Value?) -> Double? {
        switch value {
        case .int(let number)?: Double(number)
        case .double(let number)?: number
        default: nil
        }
    }

    private static func key(named name: String) throws(PreviewError) -> TerminalKey {
        switch name {
        case "backspace": return .backspace
        case "enter": return .enter
        case "escape": return .escape
        case "up": return .up
        case "down": return .down
        default:
            guard name.count == 1, let character = name.first else {
                throw PreviewError("unknown key \"\(name)\" (backspace, enter, escape, up, down or one character)")
            }
            return .character(character)
        }
    }
}
