/// A type of SQL expression that is interpreted as a JSON value.
///
/// JSON values have two purposes:
///
/// - They give access to their JSON subcomponents at the SQL level, with
///   the `->` and `->>` operators and `JSON_EXTRACT`.
/// - In the functions that build JSON (`Database/jsonArray(_:)-swift.type.method`,
///   ``Database/jsonObject(_:)``, ``Database/jsonSet(_:_:)``...), they are
///   embedded as JSON, not as strings: they are wrapped in `JSON(...)`.
///
/// ```swift
/// let info = JSONColumn("info")
///
/// // SELECT "info" ->> 'country' FROM player
/// let countries = try Player.select(info["country"], as: String.self).fetchAll(db)
///
/// // SELECT JSON_ARRAY(JSON("info"), "name") FROM player
/// let arrays = try Player
///     .select(Database.jsonArray([info, Column("name")] as [any SQLExpressible]), as: String.self)
///     .fetchAll(db)
/// ```
///
/// Plain expressions become JSON values with ``SQLSpecificExpressible/asJSON``.
///
/// See <https://www.sqlite.org/json1.html>.
public protocol SQLJSONExpressible: SQLSpecificExpressible { }

extension SQLJSONExpressible {
    /// The value of the JSON subcomponent at `path`, as an SQL value: the
    /// `->>` operator.
    ///
    /// ```swift
    /// let info = JSONColumn("info")
    /// // "info" ->> 'country'
    /// info["country"]
    /// // "info" ->> '$.address.city'
    /// info["$.address.city"]
    /// ```
    ///
    /// - Parameter path: A key, an array index, or a JSON path (`$...`).
    /// - Returns: An expression whose value is a text, an integer, a real
    ///   or NULL: the JSON subcomponent as an SQL value.
    ///
    /// See <https://www.sqlite.org/json1.html#jptr>.
    public subscript(_ path: some SQLExpressible) -> SQLExpression {
        SQLExpression(.binary("->>", sqlExpression, path.sqlExpression))
    }

    /// The value of the JSON subcomponent at `path`, as an SQL value:
    /// `JSON_EXTRACT(self, path)`.
    ///
    /// ```swift
    /// // JSON_EXTRACT("info", '$.address.city')
    /// JSONColumn("info").jsonExtract(atPath: "$.address.city")
    /// ```
    ///
    /// - Parameter path: A JSON path (`$...`).
    /// - Returns: An expression: the SQL value of the subcomponent, or its
    ///   JSON text when it is an array or an object.
    ///
    /// See <https://www.sqlite.org/json1.html#jex>.
    public func jsonExtract(atPath path: some SQLExpressible) -> SQLExpression {
        Database.jsonExtract(self, atPath: path)
    }

    /// A JSON array of the subcomponents at `paths`:
    /// `JSON_EXTRACT(self, path1, path2, ...)`.
    ///
    /// ```swift
    /// // JSON_EXTRACT("info", '$.name', '$.score')
    /// JSONColumn("info").jsonExtract(atPaths: ["$.name", "$.score"])
    /// ```
    ///
    /// - Parameter paths: JSON paths (`$...`), as SQL expressibles.
    /// - Returns: An expression whose value is a JSON array.
    ///
    /// See <https://www.sqlite.org/json1.html#jex>.
    public func jsonExtract(atPaths paths: some Collection<some SQLExpressible>) -> SQLExpression {
        Database.jsonExtract(self, atPaths: paths)
    }

    /// The JSON representation of the subcomponent at `path`: the `->`
    /// operator.
    ///
    /// ```swift
    /// // "info" -> 'address'
    /// JSONColumn("info").jsonRepresentation(atPath: "address")
    /// ```
    ///
    /// - Parameter path: A key, an array index, or a JSON path (`$...`).
    /// - Returns: An expression whose value is the JSON text of the
    ///   subcomponent (a string is quoted), or NULL.
    ///
    /// See <https://www.sqlite.org/json1.html#jptr>.
    public func jsonRepresentation(atPath path: some SQLExpressible) -> SQLExpression {
        SQLExpression(.binary("->", sqlExpression, path.sqlExpression))
    }
}

extension SQLExpression {
    /// The expression as an argument of a function that builds JSON: JSON
    /// values are wrapped in `JSON(...)`, so that SQLite embeds them as
    /// JSON, not as strings.
    static func jsonBuildingArgument(_ value: any SQLExpressible) -> SQLExpression {
        if value is any SQLJSONExpressible {
            return SQLExpression(.function("JSON", [value.sqlExpression], distinct: false))
        }
        return value.sqlExpression
    }
}
