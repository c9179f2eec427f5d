import Folio
import XCTest

/// Runs the sample of grouped associations of the section "Refining
/// Associations" of Documentation/Associations.md.
final class AssociationsGuideGroupingTests: FolioTestCase {
    typealias Author = AssociationsGuide.Author

    func testGroupedAssociation() throws {
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try AssociationsGuide.createTables(db)
            try AssociationsGuide.insertFixtures(db)
        }
        try dbQueue.read { db in
            // Authors with the year of their latest book, by century
            // SELECT year / 100 AS century, MAX(year) AS latestYear, authorId FROM book
            // WHERE authorId IN (1, 2, ...) GROUP BY year / 100, authorId
            struct CenturyInfo: Decodable {
                var century: Int
                var latestYear: Int
            }
            struct AuthorCenturies: Decodable, FetchableRecord {
                var author: Author
                var centuries: [CenturyInfo]
            }
            let centuries = Author.books
                .select((Column("year") / 100).forKey("century"), max(Column("year")).forKey("latestYear"))
                .group(Column("year") / 100)
                .forKey("centuries")
            let authorCenturies = try Author
                .including(all: centuries)
                .asRequest(of: AuthorCenturies.self)
                .fetchAll(db)
            XCTAssertEqual(
                lastSQLQuery,
                #"SELECT "year" / ? AS "century", MAX("year") AS "latestYear", "authorId" AS "grdb_authorId" "#
                    + #"FROM "book" WHERE "authorId" IN (?, ?, ?) GROUP BY "year" / ?, "authorId""#)
            XCTAssertEqual(authorCenturies.map(\.author.name), ["Gustave Flaubert", "Gabriel García Márquez", "Anonymous"])
            XCTAssertEqual(authorCenturies.map { $0.centuries.map(\.latestYear).sorted() }, [[1862], [1967, 2004], []])
            XCTAssertEqual(authorCenturies.map { $0.centuries.map(\.century).sorted() }, [[18], [19, 20], []])
        }
    }
}
