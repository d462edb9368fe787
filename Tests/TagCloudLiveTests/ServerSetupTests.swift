import Testing

@testable import TagCloudLive

@Suite struct ServerSetupTests {
  @Test(arguments: [false, true], [false, true])
  func everyOptionKeepsEveryProtocolAndMount(echo: Bool, sharedListener: Bool) {
    let setup = ServerSetup(echo: echo, sharedListener: sharedListener)
    var expected: [ServerSetup.ServerProtocol] = [.http, .live, .staticFiles]
    if echo { expected.append(.echo) }
    if sharedListener { expected.append(.sharedListener) }
    #expect(setup.protocols == expected)
    #expect(Set(setup.protocols.map(\.name)).count == setup.protocols.count)
    #expect(setup.mounts.map(\.path) == ["/", "/healthz", "/readyz", "/metrics"])
    #expect(setup.mounts.first?.answeredBy == .staticFiles)
    #expect(setup.mounts.allSatisfy { setup.protocols.contains($0.answeredBy) })
  }

  @Test func namesAreWhatLwsAndClientsExpect() {
    #expect(ServerSetup.ServerProtocol.http.name == "http")
    #expect(ServerSetup.ServerProtocol.live.name == "tagcloud.v1")
    #expect(ServerSetup.ServerProtocol.live.receiveBufferSize == 16 * 1024)
  }
}

@Suite struct HTTPMetricsTests {
  @Test func countsByRouteAndStatusInRouteOrder() {
    var metrics = HTTPMetrics()
    #expect(
      metrics.prometheusText.hasSuffix(
        "tagcloud_http_responses_total{route=\"files\",code=\"200\"} 0\n"
          + "tagcloud_http_responses_total{route=\"health\",code=\"200\"} 0\n"))
    metrics.count(.upgrade, status: 403)
    metrics.count(.files, status: 404)
    metrics.count(.files, status: 200)
    metrics.count(.files, status: 200)
    #expect(metrics.responses(.files, status: 200) == 2)
    let samples = metrics.prometheusText.split(separator: "\n").filter { !$0.hasPrefix("#") }
    #expect(
      samples == [
        "tagcloud_http_responses_total{route=\"files\",code=\"200\"} 2",
        "tagcloud_http_responses_total{route=\"files\",code=\"404\"} 1",
        "tagcloud_http_responses_total{route=\"health\",code=\"200\"} 0",
        "tagcloud_http_responses_total{route=\"upgrade\",code=\"403\"} 1",
      ])
  }
}
