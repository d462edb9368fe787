import Testing

@testable import TagCloudLive

@Suite struct OriginPolicyTests {
  @Test func ownOriginsOfALoopbackHostIncludeItsEquivalents() {
    #expect(
      OriginPolicy.ownOrigins(host: "127.0.0.1", port: 8080) == [
        "http://127.0.0.1:8080", "http://localhost:8080", "http://[::1]:8080",
      ])
    #expect(
      OriginPolicy.ownOrigins(host: "example.org", port: 80) == ["http://example.org"])
  }

  @Test func wildcardHostsUseTheMachinesNamesNotTheWildcard() {
    let origins = OriginPolicy.ownOrigins(host: "0.0.0.0", port: 9000, extraHosts: ["10.1.2.3"])
    #expect(origins.contains("http://10.1.2.3:9000"))
    #expect(origins.contains("http://localhost:9000"))
    #expect(!origins.contains("http://0.0.0.0:9000"))
  }

  @Test func comparisonIgnoresCaseTrailingSlashAndDefaultPorts() {
    let policy = OriginPolicy(allowing: ["http://localhost:8080", "https://Example.com:443/"])
    #expect(policy.allows("http://LOCALHOST:8080"))
    #expect(policy.allows("https://example.com"))
    #expect(!policy.allows("http://example.com"))
    #expect(!policy.allows("http://localhost:8081"))
    #expect(!policy.allows("http://localhost:8080.evil.example"))
  }

  @Test func noOriginIsAllowedNullOnlyWhenListedStarAllowsAll() {
    let policy = OriginPolicy(allowing: ["http://localhost:8080"])
    #expect(policy.allows(nil))
    #expect(!policy.allows("null"))
    #expect(OriginPolicy(allowing: ["null"]).allows("null"))
    #expect(OriginPolicy(allowing: ["*"]).allows("https://anything.example"))
  }
}
