extension ColumnDefinition {
    /// How a generated column stores its value.
    ///
    /// ```swift
    /// // "totalScore" INTEGER GENERATED ALWAYS AS (score + bonus) STORED
    /// t.column("totalScore", .integer).generatedAs(sql: "score + bonus", .stored)
    /// ```
    ///
    /// See <https://sqlite.org/gencol.html#virtual_versus_stored_columns>.
    public enum GeneratedColumnQualification: Equatable, Hashable, Sendable {
        /// `VIRTUAL`: computed each time the column is read (the default).
        case virtual
        /// `STORED`: computed when the row is written, and stored.
        case stored
    }
}
