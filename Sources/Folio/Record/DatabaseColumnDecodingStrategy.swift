/// How the columns of a row match the coding keys of `Decodable` records.
///
/// ```swift
/// struct Player: Decodable, FetchableRecord {
///     var teamId: Int64    // team_id column
///     var fullName: String // full_name column
///
///     static let databaseColumnDecodingStrategy = DatabaseColumnDecodingStrategy.convertFromSnakeCase
/// }
/// ```
///
/// See ``FetchableRecord/databaseColumnDecodingStrategy``.
public enum DatabaseColumnDecodingStrategy: Sendable {
    /// A column feeds the coding key of the same name (case-insensitive).
    case useDefaultKeys

    /// A `snake_case` column feeds the `camelCase` coding key: `team_id`
    /// feeds `teamId`. As with `JSONDecoder`, the first word is
    /// lowercased and the other ones are capitalized (`USER_ID` and
    /// `user_id` give `userId`, not `userID`); leading and trailing
    /// underscores are kept.
    case convertFromSnakeCase

    /// A function turns each column name into the coding key it feeds.
    case custom(@Sendable (String) -> any CodingKey)
}

extension DatabaseColumnDecodingStrategy {
    /// The coding key string value fed by a column.
    func key(forColumn column: String) -> String {
        switch self {
        case .useDefaultKeys:
            return column
        case .convertFromSnakeCase:
            return Self.camelCase(fromSnakeCase: column)
        case .custom(let key):
            return key(column).stringValue
        }
    }

    /// `team_id` → `teamId`, `__private_id_` → `__privateId_`, `TEAM_ID` → `teamId`.
    static func camelCase(fromSnakeCase string: String) -> String {
        guard let firstNonUnderscore = string.firstIndex(where: { $0 != "_" }) else {
            return string // empty, or only underscores
        }
        var lastNonUnderscore = string.index(before: string.endIndex)
        while string[lastNonUnderscore] == "_" {
            lastNonUnderscore = string.index(before: lastNonUnderscore)
        }
        let core = string[firstNonUnderscore...lastNonUnderscore]
        let words = core.split(separator: "_", omittingEmptySubsequences: true)
        guard words.count > 1 else {
            return string
        }
        var result = String(string[..<firstNonUnderscore])
        result += words[0].lowercased()
        for word in words.dropFirst() {
            result += word.prefix(1).uppercased() + word.dropFirst().lowercased()
        }
        result += string[string.index(after: lastNonUnderscore)...]
        return result
    }
}
