import Folio
import XCTest

final class InflectionsTests: FolioTestCase {
    func testDefaultPluralizesRegularWords() {
        let inflections = Inflections.default
        XCTAssertEqual(inflections.pluralize("book"), "books")
        XCTAssertEqual(inflections.pluralize("category"), "categories")
        XCTAssertEqual(inflections.pluralize("day"), "days")
        XCTAssertEqual(inflections.pluralize("address"), "addresses")
        XCTAssertEqual(inflections.pluralize("box"), "boxes")
        XCTAssertEqual(inflections.pluralize("match"), "matches")
        XCTAssertEqual(inflections.pluralize("quiz"), "quizzes")
        XCTAssertEqual(inflections.pluralize("bus"), "buses")
        XCTAssertEqual(inflections.pluralize("status"), "statuses")
        XCTAssertEqual(inflections.pluralize("knife"), "knives")
        XCTAssertEqual(inflections.pluralize("half"), "halves")
        XCTAssertEqual(inflections.pluralize("datum"), "data")
        XCTAssertEqual(inflections.pluralize("analysis"), "analyses")
        XCTAssertEqual(inflections.pluralize("index"), "indices")
    }

    func testDefaultPluralizesIrregularAndUncountableWords() {
        let inflections = Inflections.default
        XCTAssertEqual(inflections.pluralize("person"), "people")
        XCTAssertEqual(inflections.pluralize("Person"), "People")
        XCTAssertEqual(inflections.pluralize("child"), "children")
        XCTAssertEqual(inflections.pluralize("mouse"), "mice")
        XCTAssertEqual(inflections.pluralize("leaf"), "leaves")
        XCTAssertEqual(inflections.pluralize("ox"), "oxen")
        XCTAssertEqual(inflections.pluralize("information"), "information")
        XCTAssertEqual(inflections.pluralize("sheep"), "sheep")
        XCTAssertEqual(inflections.pluralize("people"), "people")
        XCTAssertEqual(inflections.pluralize(""), "")
    }

    func testDefaultInflectsTheLastWordOfCamelCaseIdentifiers() {
        let inflections = Inflections.default
        XCTAssertEqual(inflections.pluralize("postalAddress"), "postalAddresses")
        XCTAssertEqual(inflections.pluralize("lineItem"), "lineItems")
        XCTAssertEqual(inflections.pluralize("salesPerson"), "salesPeople")
        XCTAssertEqual(inflections.pluralize("userMetadata"), "userMetadata")
        XCTAssertEqual(inflections.pluralize("price"), "prices")
        XCTAssertEqual(inflections.singularize("postalAddresses"), "postalAddress")
        XCTAssertEqual(inflections.singularize("salesPeople"), "salesPerson")
    }

    func testDefaultSingularizes() {
        let inflections = Inflections.default
        XCTAssertEqual(inflections.singularize("books"), "book")
        XCTAssertEqual(inflections.singularize("categories"), "category")
        XCTAssertEqual(inflections.singularize("addresses"), "address")
        XCTAssertEqual(inflections.singularize("address"), "address")
        XCTAssertEqual(inflections.singularize("quizzes"), "quiz")
        XCTAssertEqual(inflections.singularize("buses"), "bus")
        XCTAssertEqual(inflections.singularize("statuses"), "status")
        XCTAssertEqual(inflections.singularize("knives"), "knife")
        XCTAssertEqual(inflections.singularize("halves"), "half")
        XCTAssertEqual(inflections.singularize("leaves"), "leaf")
        XCTAssertEqual(inflections.singularize("data"), "datum")
        XCTAssertEqual(inflections.singularize("crises"), "crisis")
        XCTAssertEqual(inflections.singularize("people"), "person")
        XCTAssertEqual(inflections.singularize("mice"), "mouse")
        XCTAssertEqual(inflections.singularize("children"), "child")
        XCTAssertEqual(inflections.singularize("indices"), "index")
        XCTAssertEqual(inflections.singularize("news"), "news")
        XCTAssertEqual(inflections.singularize("book"), "book")
    }

    func testTrailingDigitsKeepTheirPlaceAndTheLettersInflect() {
        let inflections = Inflections.default
        XCTAssertEqual(inflections.singularize("ds2"), "d2")
        XCTAssertEqual(inflections.pluralize("d2"), "ds2")
        XCTAssertEqual(inflections.singularize("books12"), "book12")
        XCTAssertEqual(inflections.pluralize("person2"), "people2")
        XCTAssertEqual(inflections.pluralize("lineItem3"), "lineItems3")
        XCTAssertEqual(inflections.singularize("categories10"), "category10")
        // Digits inside a word are not a suffix to keep apart.
        XCTAssertEqual(inflections.pluralize("mp3file"), "mp3files")
    }

    func testEmptyInflectionsChangeNothing() {
        let inflections = Inflections()
        XCTAssertEqual(inflections.pluralize("book"), "book")
        XCTAssertEqual(inflections.singularize("books"), "books")
    }

    func testCustomRulesHavePriorityOverOlderRules() {
        var inflections = Inflections()
        inflections.plural("$", "s")
        inflections.plural("(o)$", "$1es")
        inflections.singular("s$", "")
        inflections.singular("(o)es$", "$1")
        XCTAssertEqual(inflections.pluralize("car"), "cars")
        XCTAssertEqual(inflections.pluralize("potato"), "potatoes")
        XCTAssertEqual(inflections.pluralize("POTATO"), "POTATOes")
        XCTAssertEqual(inflections.singularize("potatoes"), "potato")
        XCTAssertEqual(inflections.singularize("cars"), "car")
    }

    func testRuleOptions() {
        var inflections = Inflections()
        inflections.plural("x$", options: [], "xen")
        XCTAssertEqual(inflections.pluralize("box"), "boxen")
        XCTAssertEqual(inflections.pluralize("BOX"), "BOX")
    }

    func testInvalidPatternAddsNoRule() {
        var inflections = Inflections()
        inflections.plural("(", "s")
        XCTAssertEqual(inflections.pluralize("book"), "book")
    }

    func testUncountableWordsAndIrregularSuffix() {
        var inflections = Inflections()
        inflections.plural("$", "s")
        inflections.singular("s$", "")
        inflections.uncountableWords(["Rice"])
        inflections.irregularSuffix("cactus", "cacti")
        XCTAssertEqual(inflections.pluralize("rice"), "rice")
        XCTAssertEqual(inflections.pluralize("brownRice"), "brownRice")
        XCTAssertEqual(inflections.pluralize("cactus"), "cacti")
        XCTAssertEqual(inflections.pluralize("Cactus"), "Cacti")
        XCTAssertEqual(inflections.pluralize("bigCactus"), "bigCacti")
        XCTAssertEqual(inflections.pluralize("cacti"), "cacti")
        XCTAssertEqual(inflections.singularize("cacti"), "cactus")
        XCTAssertEqual(inflections.singularize("cactus"), "cactus")

        // An irregular word is no longer uncountable.
        inflections.irregularSuffix("rice", "rices")
        XCTAssertEqual(inflections.pluralize("rice"), "rices")
    }

    func testIrregularSuffixWithDifferentFirstLetters() {
        var inflections = Inflections()
        inflections.irregularSuffix("die", "dice")
        XCTAssertEqual(inflections.pluralize("die"), "dice")
        inflections.irregularSuffix("go", "went")
        XCTAssertEqual(inflections.pluralize("go"), "went")
        XCTAssertEqual(inflections.singularize("went"), "go")
    }

    func testDefaultInflectionsFeedAssociationKeys() throws {
        struct Person: TableRecord { }
        struct Team: TableRecord {
            static let people = hasMany(Person.self, using: ForeignKey(["teamId"]))
        }
        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE team (id INTEGER PRIMARY KEY);
                CREATE TABLE person (id INTEGER PRIMARY KEY, teamId INTEGER REFERENCES team(id));
                INSERT INTO team VALUES (1);
                INSERT INTO person VALUES (1, 1), (2, 1);
                """)
            let row = try Row.fetchOne(db, Team.annotated(with: Team.people.count))!
            XCTAssertEqual(row["personCount"], 2)
        }
    }

    func testModifiedDefaultInflectionsFeedAssociationKeys() throws {
        struct Cactus: TableRecord { }
        struct Garden: TableRecord {
            static let cacti = hasMany(Cactus.self, using: ForeignKey(["gardenId"]))
        }
        let saved = Inflections.default
        defer { Inflections.default = saved }
        Inflections.default.irregularSuffix("cactus", "cacti")
        XCTAssertEqual(Inflections.default.pluralize("cactus"), "cacti")

        let dbQueue = try makeDatabaseQueue()
        try dbQueue.write { db in
            try db.execute(sql: """
                CREATE TABLE garden (id INTEGER PRIMARY KEY);
                CREATE TABLE cactus (id INTEGER PRIMARY KEY, gardenId INTEGER REFERENCES garden(id));
                INSERT INTO garden VALUES (1);
                INSERT INTO cactus VALUES (1, 1), (2, 1), (3, 1);
                """)
            let row = try XCTUnwrap(Row.fetchOne(db, Garden.including(all: Garden.cacti)))
            XCTAssertEqual(row.prefetchedRows["cacti"]?.count, 3)
        }
    }

    /// An empty uncountable word used to stop the program (a String index
    /// out of bounds) at the next inflection: it is no word, and is not
    /// added.
    func testEmptyUncountableWordIsIgnored() {
        var inflections = Inflections.default
        inflections.uncountableWords(["", "rice"])
        XCTAssertEqual(inflections.pluralize("book"), "books")
        XCTAssertEqual(inflections.singularize("books"), "book")
        XCTAssertEqual(inflections.pluralize("rice"), "rice")
        XCTAssertEqual(inflections.pluralize("brownRice"), "brownRice")
        XCTAssertEqual(inflections.pluralize(""), "")
    }

    /// Strings whose lowercased form has another length, or no letter,
    /// inflect without stopping the program.
    func testUnusualStringsInflect() {
        var inflections = Inflections.default
        inflections.uncountableWords(["information"])
        for string in ["İnformation", "xİnformation", "İİİinformation", "ﬁsh", "1", "a1", "_information", "ß"] {
            _ = inflections.pluralize(string)
            _ = inflections.singularize(string)
        }
        XCTAssertEqual(inflections.pluralize("userInformation"), "userInformation")
        XCTAssertEqual(inflections.pluralize("_information"), "_information")
    }

    /// Inflections remember the forms they found (a request derives its
    /// association key at each call): changing the rules of a copy forgets
    /// them for that copy only, and the inflections it was copied from
    /// keep their own forms.
    func testRememberedFormsFollowTheRules() {
        var inflections = Inflections.default
        let defaultPlural = inflections.pluralize("cactus")
        let defaultSingular = inflections.singularize("cacti")
        let defaultTomeSingular = inflections.singularize("tomes")
        XCTAssertNotEqual(defaultPlural, "cacti")
        XCTAssertNotEqual(defaultSingular, "cactus")
        XCTAssertNotEqual(defaultTomeSingular, "volume")
        let before = inflections
        inflections.irregularSuffix("cactus", "cacti")
        XCTAssertEqual(inflections.pluralize("cactus"), "cacti")
        XCTAssertEqual(inflections.singularize("cacti"), "cactus")
        XCTAssertEqual(before.pluralize("cactus"), defaultPlural)
        XCTAssertEqual(before.singularize("cacti"), defaultSingular)

        inflections.uncountableWords(["cactus"])
        XCTAssertEqual(inflections.pluralize("cactus"), "cactus")
        inflections.plural("^cactus$", "cactoids")
        XCTAssertEqual(inflections.pluralize("cactus"), "cactus") // still uncountable
        XCTAssertEqual(inflections.pluralize("book"), "books")
        inflections.plural("^book$", "tomes")
        XCTAssertEqual(inflections.pluralize("book"), "tomes")
        inflections.singular("^tomes$", "volume")
        XCTAssertEqual(inflections.singularize("tomes"), "volume")
        XCTAssertEqual(before.pluralize("book"), "books")
        XCTAssertEqual(before.singularize("tomes"), defaultTomeSingular)
    }

    /// The remembered forms are keyed by the bytes of the string: two
    /// canonically equivalent strings (a precomposed `é`, and `e` followed
    /// by a combining accent) are inflected each on its own, and keep
    /// their own bytes.
    func testRememberedFormsKeepTheBytesOfTheirString() {
        let inflections = Inflections.default
        let precomposed = "caf\u{E9}"
        let decomposed = "cafe\u{301}"
        XCTAssertEqual(Array(inflections.pluralize(precomposed).utf8), Array("caf\u{E9}s".utf8))
        XCTAssertEqual(Array(inflections.pluralize(decomposed).utf8), Array("cafe\u{301}s".utf8))
        XCTAssertEqual(Array(inflections.pluralize(precomposed).utf8), Array("caf\u{E9}s".utf8))
    }

    /// Inflections used from many threads at once (requests are built
    /// on any thread) give the same forms.
    func testRememberedFormsFromManyThreads() {
        let inflections = Inflections.default
        let words = (0..<200).map { "item\($0 % 50)Category" }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for word in words {
                XCTAssertEqual(inflections.pluralize(word), word.dropLast(1) + "ies")
            }
        }
    }
}
