import Testing

@testable import TagCloudLive

/// The web folder's HTTP rules, without a socket. Broken once each to watch them fail: always
/// answering 200 fails `revalidation…`; ignoring `q=0` fails `acceptEncoding…`; serving a
/// stale `.gz` fails `aStaleOrLargerVariant…`; dropping the `..` check fails `pathsThat…`.
@Suite struct StaticFilePolicyTests {
  let file = StaticFileFacts(path: "/w/app.js", size: 1000, modified: 100, etag: "\"aaa\"")
  let gzip = StaticFileFacts(path: "/w/app.js.gz", size: 300, modified: 200, etag: "\"ggg\"")

  @Test func aFileIsKeptButRevalidatedWithItsETag() {
    let response = StaticFilePolicy.respond(to: StaticRequest(), file: file, gzip: nil)
    #expect(response.status == 200)
    #expect(response.body == .file("/w/app.js"))
    #expect(response.header("cache-control") == "no-cache")
    #expect(response.header("etag") == "\"aaa\"")
    #expect(response.header("vary") == nil)
    #expect(response.header("content-encoding") == nil)
  }

  @Test func revalidationWithTheCurrentETagIs304WithoutABody() {
    for header in ["\"aaa\"", "W/\"aaa\"", "\"zzz\", \"aaa\"", "*"] {
      let response = StaticFilePolicy.respond(
        to: StaticRequest(ifNoneMatch: header), file: file, gzip: nil)
      #expect(response.status == 304, "If-None-Match: \(header)")
      #expect(response.body == .none)
      #expect(response.header("etag") == "\"aaa\"")
      #expect(response.header("cache-control") == "no-cache")
    }
    let changed = StaticFilePolicy.respond(
      to: StaticRequest(ifNoneMatch: "\"old\""), file: file, gzip: nil)
    #expect(changed.status == 200)
  }

  @Test func theGzipVariantGoesOnlyToClientsThatAcceptIt() {
    let accepted = StaticFilePolicy.respond(
      to: StaticRequest(acceptEncoding: "gzip, deflate, br"), file: file, gzip: gzip)
    #expect(accepted.body == .file("/w/app.js.gz"))
    #expect(accepted.header("content-encoding") == "gzip")
    #expect(accepted.header("etag") == "\"ggg\"")
    #expect(accepted.header("vary") == "Accept-Encoding")
    for header in [nil, "br", "gzip;q=0", "identity"] as [String?] {
      let plain = StaticFilePolicy.respond(
        to: StaticRequest(acceptEncoding: header), file: file, gzip: gzip)
      #expect(plain.body == .file("/w/app.js"), "Accept-Encoding: \(header ?? "none")")
      #expect(plain.header("content-encoding") == nil)
      #expect(plain.header("etag") == "\"aaa\"")
      #expect(plain.header("vary") == "Accept-Encoding")
    }
  }

  @Test func eachVariantRevalidatesAgainstItsOwnETag() {
    let gzipped = StaticRequest(acceptEncoding: "gzip", ifNoneMatch: "\"ggg\"")
    #expect(StaticFilePolicy.respond(to: gzipped, file: file, gzip: gzip).status == 304)
    let plainWithGzipTag = StaticRequest(acceptEncoding: nil, ifNoneMatch: "\"ggg\"")
    #expect(StaticFilePolicy.respond(to: plainWithGzipTag, file: file, gzip: gzip).status == 200)
  }

  @Test func aStaleOrLargerVariantIsNeverSent() {
    var stale = gzip
    stale.modified = 50
    var larger = gzip
    larger.size = 1000
    for variant in [stale, larger] {
      let response = StaticFilePolicy.respond(
        to: StaticRequest(acceptEncoding: "gzip"), file: file, gzip: variant)
      #expect(response.body == .file("/w/app.js"))
      #expect(response.header("content-encoding") == nil)
    }
  }

  @Test func acceptEncodingFollowsQualityValuesAndTheWildcard() {
    #expect(StaticFilePolicy.acceptsGzip("gzip"))
    #expect(StaticFilePolicy.acceptsGzip("GZIP;q=0.5"))
    #expect(StaticFilePolicy.acceptsGzip("x-gzip"))
    #expect(StaticFilePolicy.acceptsGzip("br, *"))
    #expect(StaticFilePolicy.acceptsGzip("deflate , gzip ; q=1.0"))
    #expect(!StaticFilePolicy.acceptsGzip(nil))
    #expect(!StaticFilePolicy.acceptsGzip(""))
    #expect(!StaticFilePolicy.acceptsGzip("gzip;q=0"))
    #expect(!StaticFilePolicy.acceptsGzip("gzip;q=0.000"))
    #expect(!StaticFilePolicy.acceptsGzip("*, gzip;q=0"))
    #expect(!StaticFilePolicy.acceptsGzip("*;q=0"))
    #expect(!StaticFilePolicy.acceptsGzip("gzipped, br"))
  }

  @Test func pagesCarryTheirPolicy() {
    let page = StaticFileFacts(path: "/w/index.html", size: 10, modified: 1, etag: "\"p\"")
    let response = StaticFilePolicy.respond(
      to: StaticRequest(), file: page, gzip: nil, contentSecurityPolicy: "default-src 'none'")
    #expect(response.header("content-security-policy") == "default-src 'none'")
  }

  @Test func pathsResolveInsideTheFolderWithIndexForFolders() {
    #expect(
      StaticFilePolicy.resolve(method: "GET", path: "/")
        == .file(
          StaticFileLookup(relativePath: "index.html", contentType: "text/html; charset=utf-8")))
    #expect(
      StaticFilePolicy.resolve(method: "HEAD", path: "/examples/")
        == .file(
          StaticFileLookup(
            relativePath: "examples/index.html", contentType: "text/html; charset=utf-8")))
    #expect(
      StaticFilePolicy.resolve(method: "GET", path: "/tagcloud.wasm")
        == .file(StaticFileLookup(relativePath: "tagcloud.wasm", contentType: "application/wasm")))
    #expect(
      StaticFilePolicy.resolve(method: "GET", path: "/notes.xyz")
        == .file(StaticFileLookup(relativePath: "notes.xyz", contentType: nil)))
  }

  @Test func pathsThatCouldLeaveTheFolderOrReachHiddenFilesAreNotFound() {
    let paths = [
      "/../secret.txt", "/a/../../secret.txt", "/./index.html", "//secret.txt", "/a//b.js",
      "/.git/config", "/.env.json", "/..\\secret.txt", "/a\\..\\b.js", "/x\u{0}.js", "/\u{7f}.js",
      "relative.js", "", "/" + String(repeating: "a", count: 1100) + ".js",
    ]
    for path in paths {
      #expect(StaticFilePolicy.resolve(method: "GET", path: path) == .answer(.notFound), "\(path)")
    }
  }

  @Test func onlyGetAndHeadAreServed() {
    for method in ["POST", "PUT", "DELETE", "OPTIONS", nil] as [String?] {
      guard case .answer(let response) = StaticFilePolicy.resolve(method: method, path: "/") else {
        Issue.record("\(method ?? "nil") was not refused")
        continue
      }
      #expect(response.status == 405)
      #expect(response.header("allow") == "GET, HEAD")
    }
  }

  @Test func aFolderWithoutItsSlashIsRedirected() {
    let response = StaticFilePolicy.redirectToFolder(path: "/examples")
    #expect(response.status == 301)
    #expect(response.header("location") == "/examples/")
  }

  @Test func etagsAreContentHashes() {
    #expect(StaticFilePolicy.etag(of: Array("abc".utf8)) == "\"ba7816bf8f01cfea414140de5dae2223\"")
    #expect(StaticFilePolicy.etag(of: [1]) != StaticFilePolicy.etag(of: [2]))
  }
}

/// Broken once to watch it fail: hashing the `<script src>` element's (empty) body fails
/// `externalScripts…`; not skipping comments fails `commentsAreSkipped`.
@Suite struct ContentSecurityPolicyTests {
  func hash(_ text: String) -> String { "'sha256-\(ContentDigest.sha256Base64(Array(text.utf8)))'" }

  @Test func aPageWithoutInlineCodeGetsTheBasePolicy() {
    let page =
      #"<!doctype html><link rel="stylesheet" href="s.css"><script type="module" src="app.js"></script>"#
    let policy = ContentSecurityPolicy.forPage(Array(page.utf8))
    #expect(policy == ContentSecurityPolicy.base)
    #expect(policy.contains("script-src 'self' 'wasm-unsafe-eval';"))
    #expect(policy.contains("connect-src 'self'"))
    #expect(policy.hasPrefix("default-src 'none';"))
    #expect(!policy.contains("unsafe-inline"))
    #expect(!policy.contains("'unsafe-eval'"))
  }

  @Test func inlineScriptsAndStylesAreAllowedByTheirExactHash() {
    let script = "\n  import { go } from './go.js';\n  go();\n"
    let style = "\n  body { color: red }\n"
    let page =
      "<HTML><Style media=\"all\">\(style)</STYLE><script type=\"module\">\(script)</script></HTML>"
    let policy = ContentSecurityPolicy.forPage(Array(page.utf8))
    #expect(policy.contains("script-src 'self' 'wasm-unsafe-eval' \(hash(script));"))
    #expect(policy.contains("style-src 'self' \(hash(style));"))
  }

  @Test func externalScriptsAreNotHashedAndQuotedValuesMayHoldBrackets() {
    let page = #"<script data-note="a > b" src="x.js"></script><script data-x='>'>run()</script>"#
    let policy = ContentSecurityPolicy.forPage(Array(page.utf8))
    #expect(policy.contains("'wasm-unsafe-eval' \(hash("run()"));"))
  }

  @Test func commentsAreSkippedAndSimilarNamesIgnored() {
    let page = "<!-- <script>evil()</script> --><scripts>no</scripts><stylesheet>x</stylesheet>"
    #expect(ContentSecurityPolicy.forPage(Array(page.utf8)) == ContentSecurityPolicy.base)
  }

  @Test func identicalBlocksAreListedOnceAndUnclosedOnesEndTheScan() {
    let page = "<style>a{}</style><style>a{}</style><script>never closed"
    let policy = ContentSecurityPolicy.forPage(Array(page.utf8))
    #expect(policy.contains("style-src 'self' \(hash("a{}"));"))
    #expect(policy.contains("script-src 'self' 'wasm-unsafe-eval';"))
  }
}
