import Foundation

/// How an `Encodable` record turns its coding keys into column names.
///
/// ```swift
/// struct Player: Encodable, PersistableRecord {
///     var teamID: Int64 // stored in the team_id column
///
///     static let databaseColumnEncodingStrategy = DatabaseColumnEncodingStrategy.convertToSnakeCase
/// }
/// ```
public enum DatabaseColumnEncodingStrategy: Sendable {
    /// The column name is the coding key.
    case useDefaultKeys

    /// The column name is the coding key in snake case: `teamID` is stored
    /// in `team_id`, `myURLProperty` in `my_url_property`.
    case convertToSnakeCase

    /// The column name is returned by a function.
    case custom(@Sendable (any CodingKey) -> String)

    /// The column name of a coding key.
    func column(for key: some CodingKey) -> String {
        switch self {
        case .useDefaultKeys:
            return key.stringValue
        case .convertToSnakeCase:
            return DatabaseColumnEncodingStrategy.snakeCase(key.stringValue)
        case .custom(let column):
            return column(key)
        }
    }

    /// Converts a camel case key to snake case: a word starts at an
    /// uppercase letter that follows a lowercase letter or a digit, and at
    /// the last capital of an acronym that is followed by a lowercase
    /// letter (`myURLProperty` → `my_url_property`).
    static func snakeCase(_ key: String) -> String {
        let characters = Array(key)
        var result = ""
        result.reserveCapacity(key.utf8.count + 4)
        for index in characters.indices {
            let character = characters[index]
            guard character.isUppercase else {
                result.append(character)
                continue
            }
            if index > 0 {
                let previous = characters[index - 1]
                let nextIsLowercase = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLowercase) {
                    result.append("_")
                }
            }
            result += character.lowercased()
        }
        return result
    }
}
