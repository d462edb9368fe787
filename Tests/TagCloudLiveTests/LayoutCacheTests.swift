import TagCloudCore
import TagCloudTestSupport
import TagCloudWire
import Testing

@testable import TagCloudLive

@Suite struct LayoutCacheTests {
  /// Property: several sessions sending seeded random changes (widths from a small set,
  /// toggles of two tags, spacing, reduced motion, direction, a row limit, a measure of fewer
  /// tags, of another text scale, with and without the "+K" sizes) to a hub with a layout cache
  /// get, frame for frame, the bytes a hub without one sends; and the cache did serve frames.
  ///
  /// Mutation checks: a key that left the selection out of its hash and its `==` fails here
  /// for every seed (another session's selection is sent); a frame that kept the cached `seq`
  /// (every frame numbered 0) fails at the first hit; a session that kept its content number
  /// when its direction (or its selection) changed fails.
  @Test(arguments: [1, 2, 3, 4, 5, 6] as [UInt64])
  func framesFromTheCacheAreTheFramesWithout(seed: UInt64) throws {
    let text = { (frame: [UInt8]?) in frame.map { String(decoding: $0, as: UTF8.self) } }
    var random = SeededGenerator(seed: seed)
    var uncachedConfiguration = LiveConfiguration.demo
    uncachedConfiguration.layoutCacheBytes = 0
    // Small enough that the cache empties itself along the way.
    var cachedConfiguration = LiveConfiguration.demo
    cachedConfiguration.layoutCacheBytes = 48 << 10
    var cached = TestHub(configuration: cachedConfiguration, seed: seed)
    var uncached = TestHub(configuration: uncachedConfiguration, seed: seed)
    var ids: [(ConnectionID, ConnectionID)] = []
    for _ in 0..<4 {
      let (a, welcomeA) = try cached.connect()
      let (b, welcomeB) = try uncached.connect()
      #expect(welcomeA.string("session") == welcomeB.string("session"))
      ids.append((a, b))
    }
    func send(_ text: String, _ pair: (ConnectionID, ConnectionID)) {
      cached.send(text, from: pair.0)
      uncached.send(text, from: pair.1)
    }
    for pair in ids {
      send(measureMessage(), pair)
      send(viewport(390), pair)
    }
    var frames = 0
    for step in 0..<600 {
      cached.now = Double(step) * 0.002
      uncached.now = cached.now
      let pair = ids[Int(random.next() % UInt64(ids.count))]
      switch random.next() % 20 {
      case 0..<8:
        send(viewport(Double(360 + 40 * (random.next() % 3))), pair)
      case 8, 9:
        send(#"{"type": "toggle", "id": "\#(random.next() % 2 == 0 ? "Glass" : "Metal")"}"#, pair)
      case 10:
        send(#"{"type": "spacing", "value": \#(random.next() % 2 == 0 ? 3 : 18)}"#, pair)
      case 11:
        let reduce = random.next() % 2 == 0
        send(viewport(Double(360 + 40 * (random.next() % 3)), reduceMotion: reduce), pair)
      case 12:
        send(
          measureMessage(ids: random.next() % 3 == 0 ? Array(demoIDs.prefix(6)) : demoIDs), pair)
      case 13:
        let width = 360 + 40 * (random.next() % 3)
        let direction = random.next() % 2 == 0 ? "ltr" : "rtl"
        let maxRows = random.next() % 2 == 0 ? 0 : 2
        send(
          #"{"type": "viewport", "width": \#(width), "direction": "\#(direction)", "maxRows": \#(maxRows)}"#,
          pair)
      case 14:
        // Other capsule metrics, with or without the "+K" sizes a row limit needs.
        var measure = measureMessage().dropLast()
        if random.next() % 2 == 0 { measure += #", "moreSizes": [[30, 40], [38, 40]]"# }
        if random.next() % 2 == 0 { measure += #", "textScale": 1.25"# }
        send(String(measure) + "}", pair)
      default:
        let a = cached.hub.takeFrame(for: pair.0, now: cached.now)
        let b = uncached.hub.takeFrame(for: pair.1, now: uncached.now)
        #expect(text(a) == text(b), "step \(step)")
        if a != nil { frames += 1 }
      }
    }
    for pair in ids {
      while true {
        let a = cached.hub.takeFrame(for: pair.0, now: cached.now)
        let b = uncached.hub.takeFrame(for: pair.1, now: uncached.now)
        #expect(text(a) == text(b))
        if a == nil && b == nil { break }
        frames += 1
      }
    }
    let metrics = cached.hub.metrics
    #expect(frames > 50)
    #expect(metrics.layoutCacheHits > 10, "the cache served \(metrics.layoutCacheHits) frames")
    #expect(
      metrics.layoutCacheHits + metrics.layoutsComputed == uncached.hub.metrics.layoutsComputed)
    #expect(uncached.hub.metrics.layoutCacheHits == 0)
    #expect(metrics.layoutCacheBytes <= 48 << 10)
  }

  /// Two sessions at the same width and selection: the second's frame comes from the cache,
  /// numbered its own; one more selected tag is another request.
  @Test func theSameRequestIsLaidOutOnce() throws {
    var test = TestHub()
    let (first, _) = try test.connect()
    let (second, _) = try test.connect()
    for id in [first, second] {
      test.send(measureMessage(), from: id)
      test.send(viewport(390), from: id)
    }
    let one = try test.frame(for: first)
    #expect(test.hub.metrics.layoutsComputed == 1)
    #expect(try test.next(for: first) == nil)
    let two = try test.frame(for: second)
    #expect(test.hub.metrics.layoutsComputed == 1)
    #expect(test.hub.metrics.layoutCacheHits == 1)
    #expect(one.number("seq") == 1 && two.number("seq") == 1)
    test.send(#"{"type": "toggle", "id": "Glass"}"#, from: second)
    let three = try test.frame(for: second)
    #expect(test.hub.metrics.layoutsComputed == 2)
    #expect(three.number("seq") == 2)
    #expect(Set(three.selectedIDs) == ["SwiftUI", "Glass"])
  }

  /// The bytes stay within the limit: a full cache starts again (forgetting the content
  /// numbers it gave); a frame larger than the whole limit is sent and not kept; a limit of 0
  /// keeps nothing.
  @Test func theCacheKeepsWithinItsBytes() throws {
    let request = { (width: Double) in
      LayoutRequest(
        width: width, spacing: 18,
        tags: demoIDs.map {
          TagSpec(id: Array($0.utf8), content: .size(Size(width: 90, height: 40)))
        })
    }
    var made = 0
    func frame(_ request: LayoutRequest) -> [UInt8] {
      made += 1
      return ServerMessage.layout(sequence: 0, request)
    }
    let contentBytes = 10 * MemoryLayout<TagSpec>.stride + demoIDs.joined().utf8.count
    let frameBytes = frame(request(400)).count
    var cache = LayoutCache(byteLimit: contentBytes + 3 * frameBytes)
    var content: LayoutCache.Content?
    for width in [400.0, 401, 402] {
      #expect(cache.frameAfterSequence(content: content, width: width, animation: nil) == nil)
      _ = cache.frameAfterSequence(for: request(width), content: &content, make: frame)
    }
    #expect(cache.count == 3 && cache.byteCount == cache.byteLimit)
    #expect(cache.frameAfterSequence(content: content, width: 401, animation: nil) != nil)
    // Another session's request of the same tags and spacing gets the same number.
    var other: LayoutCache.Content?
    #expect(cache.frameAfterSequence(for: request(401), content: &other, make: frame).hit)
    #expect(other == content)
    // A fourth does not fit: the cache starts again with it, and the old number is forgotten.
    let old = content
    #expect(!cache.frameAfterSequence(for: request(403), content: &content, make: frame).hit)
    #expect(cache.count == 1 && content != old)
    #expect(cache.frameAfterSequence(content: old, width: 403, animation: nil) == nil)
    #expect(cache.frameAfterSequence(content: content, width: 403, animation: nil) != nil)
    #expect(cache.frameAfterSequence(content: content, width: 400, animation: nil) == nil)

    var tiny = LayoutCache(byteLimit: 100)
    var tinyContent: LayoutCache.Content?
    #expect(!tiny.frameAfterSequence(for: request(400), content: &tinyContent, make: frame).hit)
    #expect(tiny.count == 0 && tiny.byteCount == 0)
    #expect(tiny.frameAfterSequence(content: tinyContent, width: 400, animation: nil) == nil)

    #expect(made == 6)
    #expect(!LayoutCache(byteLimit: 0).isEnabled)
  }
}
