import Foundation

/// Date text formatted by hand, in the UTC time zone, without
/// `DateFormatter`.
enum SQLiteDateFormat {
    /// "YYYY-MM-DD HH:MM:SS.SSS", or nil for a date that is not finite, or
    /// too far away to count its milliseconds in an `Int64`.
    static func dateTimeString(from date: Date) -> String? {
        guard let parts = UTCDateParts(date) else { return nil }
        return parts.dateString + " " + parts.timeString + "." + pad(parts.millisecond, 3)
    }

    /// "YYYY-MM-DDTHH:MM:SSZ", or nil for a date that is not finite, or
    /// too far away to count its milliseconds in an `Int64`.
    static func iso8601String(from date: Date) -> String? {
        guard let parts = UTCDateParts(date) else { return nil }
        return parts.dateString + "T" + parts.timeString + "Z"
    }

    static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    /// The calendar fields of a date in the UTC time zone (proleptic
    /// Gregorian calendar).
    struct UTCDateParts {
        var year: Int
        var month: Int
        var day: Int
        var hour: Int
        var minute: Int
        var second: Int
        var millisecond: Int

        /// The parts of a date, or nil when the date is not finite, or too
        /// far away (about 292 million years) to count its milliseconds in
        /// an `Int64`.
        init?(_ date: Date) {
            guard let totalMilliseconds = Int64(exactly: (date.timeIntervalSince1970 * 1000).rounded(.down)) else {
                return nil
            }
            let (dayCount, dayMilliseconds) = totalMilliseconds.floorDivided(by: 86_400_000)
            millisecond = Int(dayMilliseconds % 1000)
            second = Int(dayMilliseconds / 1000 % 60)
            minute = Int(dayMilliseconds / 60_000 % 60)
            hour = Int(dayMilliseconds / 3_600_000)
            // Days since 1970-01-01 to a civil date: count in 400-year eras
            // of 146097 days that start on March 1st, so that the leap day
            // ends each year.
            let shifted = dayCount + 719_468
            let (era, dayOfEra) = shifted.floorDivided(by: 146_097)
            let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
            let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
            let monthIndex = (5 * dayOfYear + 2) / 153 // 0 = March
            day = Int(dayOfYear - (153 * monthIndex + 2) / 5 + 1)
            month = Int(monthIndex < 10 ? monthIndex + 3 : monthIndex - 9)
            year = Int(yearOfEra + era * 400 + (month <= 2 ? 1 : 0))
        }

        var dateString: String {
            let yearString = year < 0 ? "-" + pad(-year, 4) : pad(year, 4)
            return yearString + "-" + pad(month, 2) + "-" + pad(day, 2)
        }

        var timeString: String {
            pad(hour, 2) + ":" + pad(minute, 2) + ":" + pad(second, 2)
        }
    }
}
extension Int64 {
    /// The quotient rounded towards minus infinity, and the remainder,
    /// which has the sign of the divisor.
    func floorDivided(by divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        var quotient = self / divisor
        var remainder = self % divisor
        if remainder != 0, (remainder < 0) != (divisor < 0) {
            quotient -= 1
            remainder += divisor
        }
        return (quotient, remainder)
    }
}
