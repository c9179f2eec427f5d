// The SQLite JSON functions, as expressions (SQLite 3.38+ has them built
// in). `jsonb` and the other JSONB functions are left out: they appeared
// in SQLite 3.45, and Debian's SQLite is 3.40. So are the table-valued
// functions `json_each` and `json_tree`, which GRDB does not support
// either.

extension Database {
    /// Builds an expression from a list of arguments.
    private static func jsonFunction(_ name: String, _ arguments: [SQLExpression]) -> SQLExpression {
        SQLExpression(.function(name, arguments, distinct: false))
    }

    /// The arguments of the modifying functions: path, value, path, value...
    private static func jsonAssignments(
        _ value: some SQLExpressible,
        _ assignments: some Collection<(key: String, value: any SQLExpressible)>)
        -> [SQLExpression]
    {
        var arguments = [value.sqlExpression]
        for (path, value) in assignments {
            arguments.append(path.sqlExpression)
            arguments.append(.jsonBuildingArgument(value))
        }
        return arguments
    }

    /// An aggregate, with its optional `FILTER` clause.
    private static func jsonAggregate(
        _ name: String,
        _ arguments: [SQLExpression],
        filter: (any SQLSpecificExpressible)?)
        -> SQLExpression
    {
        let aggregate = jsonFunction(name, arguments)
        guard let filter else { return aggregate }
        // A literal, so that the request knows it is an aggregate.
        return SQL("\(aggregate) FILTER (WHERE \(filter.sqlExpression))").sqlExpression
    }

    /// The minified JSON text of a value: `JSON(value)`.
    ///
    /// ```swift
    /// // JSON(' { "a": [ "test" ] } ') → '{"a":["test"]}'
    /// Database.json(#" { "a": [ "test" ] } "#)
    /// ```
    ///
    /// - Parameter value: A JSON text.
    /// - Returns: An expression whose value is the minified JSON. Invalid
    ///   JSON makes the statement fail with an error.
    ///
    /// See <https://www.sqlite.org/json1.html#jmini>.
    public static func json(_ value: some SQLExpressible) -> SQLExpression {
        jsonFunction("JSON", [value.sqlExpression])
    }

    /// A JSON array: `JSON_ARRAY(value1, value2, ...)`.
    ///
    /// ```swift
    /// // JSON_ARRAY(1, 2, 3, 4) → '[1,2,3,4]'
    /// Database.jsonArray(1...4)
    /// ```
    ///
    /// - Parameter values: The elements of the array. JSON values
    ///   (``SQLJSONExpressible``) are embedded as JSON.
    /// - Returns: An expression whose value is a JSON array.
    ///
    /// See <https://www.sqlite.org/json1.html#jarray>.
    public static func jsonArray(_ values: some Collection<some SQLExpressible>) -> SQLExpression {
        jsonFunction("JSON_ARRAY", values.map { .jsonBuildingArgument($0) })
    }

    /// A JSON array: `JSON_ARRAY(value1, value2, ...)`.
    ///
    /// ```swift
    /// // JSON_ARRAY(JSON("info"), "name")
    /// Database.jsonArray([JSONColumn("info"), Column("name")] as [any SQLExpressible])
    /// ```
    ///
    /// - Parameter values: The elements of the array. JSON values
    ///   (``SQLJSONExpressible``) are embedded as JSON.
    /// - Returns: An expression whose value is a JSON array.
    ///
    /// See <https://www.sqlite.org/json1.html#jarray>.
    public static func jsonArray(_ values: some Collection<any SQLExpressible>) -> SQLExpression {
        jsonFunction("JSON_ARRAY", values.map { .jsonBuildingArgument($0) })
    }

    /// The number of elements of a JSON array: `JSON_ARRAY_LENGTH(value)`.
    ///
    /// ```swift
    /// // JSON_ARRAY_LENGTH('[1,2,3]') → 3
    /// Database.jsonArrayLength("[1,2,3]")
    /// ```
    ///
    /// - Parameter value: A JSON text.
    /// - Returns: An expression whose value is the length of the array, 0
    ///   when the JSON is not an array, or NULL.
    ///
    /// See <https://www.sqlite.org/json1.html#jarraylen>.
    public static func jsonArrayLength(_ value: some SQLExpressible) -> SQLExpression {
        jsonFunction("JSON_ARRAY_LENGTH", [value.sqlExpression])
    }

    /// The number of elements of the JSON array at `path`:
    /// `JSON_ARRAY_LENGTH(value, path)`.
    ///
    /// ```swift
    /// // JSON_ARRAY_LENGTH('{"one":[1,2,3]}', '$.one') → 3
    /// Database.jsonArrayLength(#"{"one":[1,2,3]}"#, atPath: "$.one")
    /// ```
    ///
    /// - Parameters:
    ///   - value: A JSON text.
    ///   - path: A JSON path (`$...`).
    /// - Returns: An expression whose value is the length of the array, 0
    ///   when the subcomponent is not an array, or NULL when there is none.
    ///
    /// See <https://www.sqlite.org/json1.html#jarraylen>.
    public static func jsonArrayLength(_ value: some SQLExpressible, atPath path: some SQLExpressible) -> SQLExpression {
        jsonFunction("JSON_ARRAY_LENGTH", [value.sqlExpression, path.sqlExpression])
    }

    /// The value at `path`: `JSON_EXTRACT(value, path)`.
    ///
    /// ```swift
    /// // JSON_EXTRACT('{"a":2,"c":[4,5]}', '$.c') → '[4,5]'
    /// Database.jsonExtract(#"{"a":2,"c":[4,5]}"#, atPath: "$.c")
    /// ```
    ///
    /// - Parameters:
    ///   - value: A JSON text.
    ///   - path: A JSON path (`$...`).
    /// - Returns: An expression: the SQL value of the subcomponent, or its
    ///   JSON text when it is an array or an object.
    ///
    /// See <https://www.sqlite.org/json1.html#jex>.
    public static func jsonExtract(_ value: some SQLExpressible, atPath path: some SQLExpressible) -> SQLExpression {
        jsonFunction("JSON_EXTRACT", [value.sqlExpression, path.sqlExpression])
    }

    /// A JSON array of the values at `paths`:
    /// `JSON_EXTRACT(value, path1, path2, ...)`.
    ///
    /// ```swift
    /// // JSON_EXTRACT('{"a":2,"c":[4,5]}', '$.c', '$.a') → '[[4,5],2]'
    /// Database.jsonExtract(#"{"a":2,"c":[4,5]}"#, atPaths: ["$.c", "$.a"])
    /// ```
    ///
    /// - Parameters:
    ///   - value: A JSON text.
    ///   - paths: JSON paths (`$...`).
    /// - Returns: An expression whose value is a JSON array.
    ///
    /// See <https://www.sqlite.org/json1.html#jex>.
    public static func jsonExtract(_ value: some SQLExpressible, atPaths paths: some Collection<some SQLExpressible>) -> SQLExpression {
        jsonFunction("JSON_EXTRACT", [value.sqlExpression] + paths.map(\.sqlExpression))
    }

    /// Inserts values where there is none: `JSON_INSERT(value, path1, value1, ...)`.
    ///
    /// ```swift
    /// // JSON_INSERT('{"a":2,"c":4}', '$.a', 99, '$.e', 99) → '{"a":2,"c":4,"e":99}'
    /// Database.jsonInsert(#"{"a":2,"c":4}"#, ["$.a": 99, "$.e": 99] as KeyValuePairs)
    /// ```
    ///
    /// - Parameters:
    ///   - value: A JSON text.
    ///   - assignments: Pairs of JSON paths and values. JSON values
    ///     (``SQLJSONExpressible``) are embedded as JSON.
    /// - Returns: An expression whose value is the modified JSON.
    ///
    /// See <https://www.sqlite.org/json1.html#jins>.
    public static func jsonInsert(
        _ value: some SQLExpressible,
        _ assignments: some Collection<(key: String, value: any SQLExpressible)>)
        -> SQLExpression
    {
        jsonFunction("JSON_INSERT", jsonAssignments(value, assignments))
    }

    /// Replaces existing values: `JSON_REPLACE(value, path1, value1, ...)`.
    ///
    /// ```swift
    /// // JSON_REPLACE('{"a":2,"c":4}', '$.a', 99, '$.e', 99) → '{"a":99,"c":4}'
    /// Database.jsonReplace(#"{"a":2,"c":4}"#, ["$.a": 99, "$.e": 99] as KeyValuePairs)
    /// ```
    ///
    /// - Parameters:
    ///   - value: A JSON text.
    ///   - assignments: Pairs of JSON paths and values. JSON values
    ///     (``SQLJSONExpressible``) are embedded as JSON.
    /// - Returns: An expression whose value is the modified JSON.
    ///
    /// See <https://www.sqlite.org/json1.html#jrepl>.
    public static func jsonReplace(
        _ value: some SQLExpressible,
        _ assignments: some Collection<(key: String, value: any SQLExpressible)>)
        -> SQLExpression
    {
        jsonFunction("JSON_REPLACE", jsonAssignments(value, assignments))
    }

    /// Inserts or replaces values: `JSON_SET(value, path1, value1, ...)`.
    ///
    /// ```swift
    /// // JSON_SET('{"a":2,"c":4}', '$.a', 99, '$.e', 99) → '{"a":99,"c":4,"e":99}'
    /// Database.jsonSet(#"{"a":2,"c":4}"#, ["$.a": 99, "$.e": 99] as KeyValuePairs)
    /// ```
    ///
    /// - Parameters:
    ///   - value: A JSON text.
    ///   - assignments: Pairs of JSON paths and values. JSON values
    ///     (``SQLJSONExpressible``) are embedded as JSON.
    /// - Returns: An expression whose value is the modified JSON.
    ///
    /// See <https://www.sqlite.org/json1.html#jset>.
    public static func jsonSet(
        _ value: some SQLExpressible,
        _ assignments: some Collection<(key: String, value: any SQLExpressible)>)
        -> SQLExpression
    {
        jsonFunction("JSON_SET", jsonAssignments(value, assignments))
    }

    /// A JSON object: `JSON_OBJECT(key1, value1, ...)`.
    ///
    /// ```swift
    /// // JSON_OBJECT('a', 2, 'c', 4) → '{"a":2,"c":4}'
    /// Database.jsonObject(["a": 2, "c": 4] as KeyValuePairs)
    /// ```
    ///
    /// - Parameter elements: Pairs of keys and values. JSON values
    ///   (``SQLJSONExpressible``) are embedded as JSON.
    /// - Returns: An expression whose value is a JSON object.
    ///
    /// See <https://www.sqlite.org/json1.html#jobj>.
    public static func jsonObject(
        _ elements: some Collection<(key: String, value: any SQLExpressible)>)
        -> SQLExpression
    {
        var arguments: [SQLExpression] = []
        for (key, value) in elements {
            arguments.append(key.sqlExpression)
            arguments.append(.jsonBuildingArgument(value))
        }
        return jsonFunction("JSON_OBJECT", arguments)
    }

    /// Merges a patch into a JSON object: `JSON_PATCH(value, patch)`,
    /// after RFC 7396 MergePatch.
    ///
    /// ```swift
    /// // JSON_PATCH('{"a":1,"b":2}', '{"c":3,"d":4}') → '{"a":1,"b":2,"c":3,"d":4}'
    /// Database.jsonPatch(#"{"a":1,"b":2}"#, with: #"{"c":3,"d":4}"#)
    /// ```
    ///
    /// - Parameters:
    ///   - value: A JSON text.
    ///   - patch: A JSON text.
    /// - Returns: An expression whose value is the patched JSON.
    ///
    /// See <https://www.sqlite.org/json1.html#jpatch>.
    public static func jsonPatch(_ value: some SQLExpressible, with patch: some SQLExpressible) -> SQLExpression {
        jsonFunction("JSON_PATCH", [value.sqlExpression, patch.sqlExpression])
    }

    /// Removes the value at `path`: `JSON_REMOVE(value, path)`.
    ///
    /// ```swift
    /// // JSON_REMOVE('[0,1,2,3,4]', '$[2]') → '[0,1,3,4]'
    /// Database.jsonRemove("[0,1,2,3,4]", atPath: "$[2]")
    /// ```
    ///
    /// - Parameters:
    ///   - value: A JSON text.
    ///   - path: A JSON path (`$...`).
    /// - Returns: An expression whose value is the modified JSON.
    ///
    /// See <https://www.sqlite.org/json1.html#jrm>.
    public static func jsonRemove(_ value: some SQLExpressible, atPath path: some SQLExpressible) -> SQLExpression {
        jsonFunction("JSON_REMOVE", [value.sqlExpression, path.sqlExpression])
    }

    /// Removes the values at `paths`, in order:
    /// `JSON_REMOVE(value, path1, path2, ...)`.
    ///
    /// ```swift
    /// // JSON_REMOVE('[0,1,2,3,4]', '$[2]', '$[0]') → '[1,3,4]'
    /// Database.jsonRemove("[0,1,2,3,4]", atPaths: ["$[2]", "$[0]"])
    /// ```
    ///
    /// - Parameters:
    ///   - value: A JSON text.
    ///   - paths: JSON paths (`$...`).
    /// - Returns: An expression whose value is the modified JSON.
    ///
    /// See <https://www.sqlite.org/json1.html#jrm>.
    public static func jsonRemove(_ value: some SQLExpressible, atPaths paths: some Collection<some SQLExpressible>) -> SQLExpression {
        jsonFunction("JSON_REMOVE", [value.sqlExpression] + paths.map(\.sqlExpression))
    }

    /// The type of a JSON value: `JSON_TYPE(value)`.
    ///
    /// ```swift
    /// // JSON_TYPE('{"a":[2,3.5]}') → 'object'
    /// Database.jsonType(#"{"a":[2,3.5]}"#)
    /// ```
    ///
    /// - Parameter value: A JSON text.
    /// - Returns: An expression whose value is one of 'null', 'true',
    ///   'false', 'integer', 'real', 'text', 'array' or 'object'.
    ///
    /// See <https://www.sqlite.org/json1.html#jtype>.
    public static func jsonType(_ value: some SQLExpressible) -> SQLExpression {
        jsonFunction("JSON_TYPE", [value.sqlExpression])
    }

    /// The type of the JSON value at `path`: `JSON_TYPE(value, path)`.
    ///
    /// ```swift
    /// // JSON_TYPE('{"a":[2,3.5]}', '$.a') → 'array'
    /// Database.jsonType(#"{"a":[2,3.5]}"#, atPath: "$.a")
    /// ```
    ///
    /// - Parameters:
    ///   - value: A JSON text.
    ///   - path: A JSON path (`$...`).
    /// - Returns: An expression whose value is the type name, or NULL
    ///   when there is no value at `path`.
    ///
    /// See <https://www.sqlite.org/json1.html#jtype>.
    public static func jsonType(_ value: some SQLExpressible, atPath path: some SQLExpressible) -> SQLExpression {
        jsonFunction("JSON_TYPE", [value.sqlExpression, path.sqlExpression])
    }

    /// Whether a value is well-formed JSON: `JSON_VALID(value)`.
    ///
    /// ```swift
    /// // JSON_VALID('{"x":35}') → 1
    /// Database.jsonIsValid(#"{"x":35}"#)
    /// ```
    ///
    /// - Parameter value: A text.
    /// - Returns: An expression whose value is 1 for well-formed JSON,
    ///   0 otherwise (NULL for NULL).
    ///
    /// See <https://www.sqlite.org/json1.html#jvalid>.
    public static func jsonIsValid(_ value: some SQLExpressible) -> SQLExpression {
        jsonFunction("JSON_VALID", [value.sqlExpression])
    }

    /// The JSON representation of an SQL value: `JSON_QUOTE(value)`.
    ///
    /// ```swift
    /// // JSON_QUOTE('verdant') → '"verdant"'
    /// Database.jsonQuote("verdant")
    /// ```
    ///
    /// - Parameter value: An SQL value. JSON values
    ///   (``SQLJSONExpressible``) are returned as JSON.
    /// - Returns: An expression whose value is a JSON text.
    ///
    /// See <https://www.sqlite.org/json1.html#jquote>.
    public static func jsonQuote(_ value: some SQLExpressible) -> SQLExpression {
        jsonFunction("JSON_QUOTE", [.jsonBuildingArgument(value)])
    }

    /// The JSON array of the aggregated values:
    /// `JSON_GROUP_ARRAY(value) [FILTER (WHERE filter)]`.
    ///
    /// ```swift
    /// // SELECT JSON_GROUP_ARRAY("name") FILTER (WHERE "score" > 0) FROM "player"
    /// let request = Player.select(
    ///     Database.jsonGroupArray(Column("name"), filter: Column("score") > 0),
    ///     as: String.self)
    /// ```
    ///
    /// - Parameters:
    ///   - value: The aggregated value. JSON values
    ///     (``SQLJSONExpressible``) are embedded as JSON.
    ///   - filter: An optional condition on the aggregated rows.
    /// - Returns: An aggregate expression whose value is a JSON array.
    ///
    /// See <https://www.sqlite.org/json1.html#jgrouparray>.
    public static func jsonGroupArray(
        _ value: some SQLExpressible,
        filter: (any SQLSpecificExpressible)? = nil)
        -> SQLExpression
    {
        jsonAggregate("JSON_GROUP_ARRAY", [.jsonBuildingArgument(value)], filter: filter)
    }

    /// The JSON object of the aggregated keys and values:
    /// `JSON_GROUP_OBJECT(key, value) [FILTER (WHERE filter)]`.
    ///
    /// ```swift
    /// // SELECT JSON_GROUP_OBJECT("name", "score") FROM "player"
    /// let request = Player.select(
    ///     Database.jsonGroupObject(key: Column("name"), value: Column("score")),
    ///     as: String.self)
    /// ```
    ///
    /// - Parameters:
    ///   - key: The aggregated keys.
    ///   - value: The aggregated values. JSON values
    ///     (``SQLJSONExpressible``) are embedded as JSON.
    ///   - filter: An optional condition on the aggregated rows.
    /// - Returns: An aggregate expression whose value is a JSON object.
    ///
    /// See <https://www.sqlite.org/json1.html#jgroupobject>.
    public static func jsonGroupObject(
        key: some SQLExpressible,
        value: some SQLExpressible,
        filter: (any SQLSpecificExpressible)? = nil)
        -> SQLExpression
    {
        jsonAggregate("JSON_GROUP_OBJECT", [key.sqlExpression, .jsonBuildingArgument(value)], filter: filter)
    }
}
