extension Statement: CustomStringConvertible {
    /// The SQL of the statement.
    ///
    /// ```swift
    /// let statement = try Player.filter { $0.email == "arthur@example.com" }
    ///     .makePreparedRequest(db).statement
    /// print(statement)           // SELECT * FROM "player" WHERE "email" = ?
    /// print(statement.arguments) // ['arthur@example.com']
    /// ```
    public var description: String {
        sql
    }
}
