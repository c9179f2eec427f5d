/// The configuration of a virtual table creation, given to
/// ``VirtualTableModule/makeTableDefinition(configuration:)``.
public struct VirtualTableConfiguration: Sendable {
    /// Whether the table is created with `IF NOT EXISTS`.
    public let ifNotExists: Bool

    /// Whether the table is created in the `temp` schema: the objects a
    /// module adds with it, such as triggers, are temporary too.
    var temporary = false
}
