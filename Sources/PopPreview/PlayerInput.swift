import PopModel
import PopTerminal

/// One input from the page, as the terminal host's own events (`TerminalAppEvent`): the player hands
/// them to `InteractiveHost`, so the page and `pophost run` share one input model. A message is a
/// JSON object:
/// `{"kind": "pointer", "phase": "down" | "moved" | "up", "x": 195, "y": 420}` (screen points),
/// `{"kind": "tap", "x": …, "y": …}` (down then up), `{"kind": "type", "text": "123"}`, or
/// `{"kind": "key", "key": "backspace" | "enter" | "escape" | "up" | "down" | one character}`.
public enum PlayerInput {
    /// The events `message` stands for; throws naming what is wrong with it.
    public static func events(from message: Value) throws(PreviewError) -> [TerminalAppEvent] {
        guard case .object(let object) = message, case .string(let kind)? = object["kind"] else {
            throw PreviewError("an input must be a JSON object with a \"kind\" (pointer, tap, type or key)")
        }
        switch kind {
        case "pointer":
            let phases: [String: PointerPhase] = ["down": .down, "moved": .moved, "up": .up]
            guard case .string(let name)? = object["phase"], let phase = phases[name] else {
                throw PreviewError("a pointer input needs a \"phase\": down, moved or up")
            }
            return [.pointer(phase, try point(in: object))]
        case "tap":
            let point = try point(in: object)
            return [.pointer(.down, point), .pointer(.up, point)]
        case "type":
            guard case .string(let text)? = object["text"] else { throw PreviewError("a type input needs a \"text\" string") }
            return text.map { .key(.character($0)) }
        case "key":
            guard case .string(let name)? = object["key"] else { throw PreviewError("a key input needs a \"key\" string") }
            return [.key(try key(named: name))]
        default:
            throw PreviewError("unknown input kind \"\(kind)\" (pointer, tap, type or key)")
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
