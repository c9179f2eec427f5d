extension Database {
    /// The earlier name of ``ColumnDefinition/GeneratedColumnQualification``.
    ///
    /// GRDB has no such API: it is Folio's earlier spelling.
    ///
    /// ```swift
    /// // Before:
    /// let qualification: Database.GeneratedColumnQualification = .stored
    /// // After:
    /// let qualification: ColumnDefinition.GeneratedColumnQualification = .stored
    /// ```
    ///
    /// See <https://sqlite.org/gencol.html#virtual_versus_stored_columns>.
    @available(*, deprecated, renamed: "ColumnDefinition.GeneratedColumnQualification")
    public typealias GeneratedColumnQualification = ColumnDefinition.GeneratedColumnQualification
}
