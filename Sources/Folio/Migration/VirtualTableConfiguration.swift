/// The configuration of a virtual table creation, given to
/// ``VirtualTableModule/makeTableDefinition(configuration:)``.
public struct VirtualTableConfiguration: Sendable {
    /// Whether the table is created with `IF NOT EXISTS`.
    public let ifNotExists: Bool
}
