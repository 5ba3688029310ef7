/// Why the workbench cannot answer a request: the page shows `message`; `status` is the HTTP
/// status it answers with (400 for a bad request, 404 for something that does not exist).
public struct PreviewError: Error, CustomStringConvertible, Sendable {
    public let status: Int
    public let message: String

    public init(status: Int = 400, _ message: String) {
        self.status = status
        self.message = message
    }

    public var description: String { message }
}
