import TagCloudCore
import TagCloudTestSupport
import Testing

@testable import TagCloudLive

/// A reload of the tag set (SIGHUP with `--tags FILE`): every live session is told with a
/// `tags` message before its next layout, selections of removed tags drop, layouts follow at
/// once for the tags the page measured, detached sessions resume into the new set, and a page
/// that ignores `tags` (a client from before it) keeps getting layouts.
@Suite struct LiveHubTagReloadTests {
  /// The demo minus Glass and Metal, plus Rust and Zig (Zig selected for new sessions).
  func replacement() throws -> LiveConfiguration {
    var tags = demoIDs.filter { $0 != "Glass" && $0 != "Metal" }.map {
      ##"{"title": "\##($0)", "tint": "#0A84FF"}"##
    }
    tags += [
      ##"{"title": "Rust", "tint": "#FF9F0A"}"##,
      ##"{"title": "Zig", "tint": "#FF9F0A", "selected": true}"##,
    ]
    return try TagFile.decode(Array("[\(tags.joined(separator: ","))]".utf8))
  }

  var newIDs: [String] {
    demoIDs.filter { $0 != "Glass" && $0 != "Metal" } + ["Rust", "Zig"]
  }

  @Test func liveSessionsAreToldThenLaidOutAndRemovedSelectionsDrop() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.send(measureMessage(), from: id)
    test.send(viewport(390), from: id)
    test.send(#"{"type": "toggle", "id": "Glass"}"#, from: id)
    #expect(try test.drain(id).last?.selectedIDs == ["SwiftUI", "Glass"])

    let change = test.hub.replaceTags(with: try replacement(), now: 1)
    #expect(change.added.map { String(decoding: $0, as: UTF8.self) } == ["Rust", "Zig"])
    #expect(change.removed.map { String(decoding: $0, as: UTF8.self) } == ["Glass", "Metal"])
    #expect(change.liveSessions == 1)

    let told = try test.frame(for: id)
    #expect(told.type == "tags")
    #expect(told.strings("selection") == ["SwiftUI"])
    #expect(told.number("mergeDistance") == 10)
    guard case .array(let tags)? = told["tags"] else { throw MissingFrame() }
    #expect(tags.count == newIDs.count)
    // A layout at once, of the tags the page measured and that are still served.
    let layout = try test.frame(for: id)
    #expect(layout.type == "layout" && layout.selectedIDs == ["SwiftUI"])
    #expect(itemIDs(layout) == newIDs.filter { $0 != "Rust" && $0 != "Zig" })
    #expect(layout.animation != nil)
    // The page measures the new set: every tag is laid out.
    test.send(measureMessage(ids: newIDs), from: id)
    let full = try test.frame(for: id)
    #expect(itemIDs(full) == newIDs)
    // The old set is refused now, with an error, and the connection stays usable.
    test.send(#"{"type": "toggle", "id": "Glass"}"#, from: id)
    #expect(try test.frame(for: id).type == "error")
    test.send(#"{"type": "toggle", "id": "Rust"}"#, from: id)
    #expect(try test.frame(for: id).selectedIDs == ["SwiftUI", "Rust"])
  }

  @Test func aClientThatIgnoresTagsKeepsGettingLayouts() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.send(measureMessage(), from: id)
    test.send(viewport(390), from: id)
    _ = try test.drain(id)
    test.hub.replaceTags(with: try replacement(), now: 1)
    _ = try test.drain(id)  // a tagcloud.v1 page from before `tags` ignores it
    test.send(#"{"type": "toggle", "id": "Layout"}"#, from: id)
    let layout = try test.frame(for: id)
    #expect(layout.selectedIDs == ["SwiftUI", "Layout"])
    #expect(layout.animation != nil)
  }

  @Test func detachedSessionsResumeIntoTheNewSetAndNewSessionsStartWithIt() throws {
    var test = TestHub()
    let (id, welcome) = try test.connect()
    test.send(#"{"type": "toggle", "id": "Metal"}"#, from: id)
    test.send(#"{"type": "toggle", "id": "Charts"}"#, from: id)
    test.hub.close(id, now: 0)
    test.hub.replaceTags(with: try replacement(), now: 1)

    let (fresh, freshWelcome) = try test.connect()
    #expect(freshWelcome.strings("selection") == ["Zig"])
    let token = try #require(welcome.string("session"))
    test.send(#"{"type": "hello", "session": "\#(token)"}"#, from: fresh)
    let resumed = try test.frame(for: fresh)
    #expect(resumed.type == "welcome" && resumed["resumed"] == .bool(true))
    #expect(resumed.strings("selection") == ["SwiftUI", "Charts"])
    guard case .array(let tags)? = resumed["tags"] else { throw MissingFrame() }
    #expect(tags.count == newIDs.count)
  }

  @Test func anUnsentTagsMessageIsReplacedByANewerOne() throws {
    var test = TestHub()
    let (id, _) = try test.connect()
    test.hub.replaceTags(with: try replacement(), now: 1)
    test.hub.replaceTags(with: .demo, now: 2)
    let frames = try test.drain(id)
    #expect(frames.map(\.type) == ["tags"])
    guard case .array(let tags)? = frames.first?["tags"] else { throw MissingFrame() }
    #expect(tags.count == demoIDs.count)
  }

  func itemIDs(_ layout: Frame) -> [String] {
    guard case .array(let items)? = layout["items"] else { return [] }
    return items.compactMap { item -> String? in
      guard case .object(let members) = item.value,
        case .string(let id)? = members.first(where: { $0.key == Array("id".utf8) })?.value.value
      else { return nil }
      return String(decoding: id, as: UTF8.self)
    }
  }
}
