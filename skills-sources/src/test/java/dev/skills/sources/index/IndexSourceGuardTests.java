package dev.skills.sources.index;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.sources.SourceRefresher;
import dev.skills.sources.SourceStatus;
import dev.skills.sources.SourcesSettings;
import dev.skills.sources.test.IndexHttpServer;
import dev.skills.sources.test.TestArchives;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Published indexes that attack the application, on loopback, {@code 127.0.0.2} playing
 * another host: redirects elsewhere, artifacts elsewhere, thousands of entries, archives
 * that inflate without end.
 */
class IndexSourceGuardTests {

	private static final String INDEX = "/.well-known/agent-skills/index.json";

	private static final String DRAFT = "https://schemas.agentskills.io/discovery/0.2.0/schema.json";

	private static final long MB = 1024 * 1024;

	@TempDir
	Path temp;

	private IndexHttpServer server;

	private IndexHttpServer elsewhere;

	private final List<AutoCloseable> closeables = new ArrayList<>();

	@BeforeEach
	void startServers() throws Exception {
		this.server = new IndexHttpServer();
		this.elsewhere = new IndexHttpServer("127.0.0.2");
	}

	@AfterEach
	void close() throws Exception {
		for (AutoCloseable closeable : this.closeables) {
			closeable.close();
		}
		this.server.close();
		this.elsewhere.close();
	}

	@Test
	void redirectElsewhereIsNotFollowed() throws Exception {
		String pdf = this.elsewhere.put("/s/pdf/SKILL.md", skillMd("pdf"));
		this.elsewhere.put("/index.json", draft(entry("pdf", "/s/pdf/SKILL.md", pdf)));
		this.server.redirect(INDEX, this.elsewhere.url("/index.json"));

		SourceStatus status = refresh(withCredentials(Set.of()), 10 * MB).get(0);

		assertThat(status.loaded()).isFalse();
		assertThat(status.lastError()).contains("redirected to another origin; not followed");
		assertThat(this.elsewhere.requests()).isEmpty();
	}

	@Test
	void redirectWithinTheOriginIsFollowed() throws Exception {
		String pdf = this.server.put("/s/pdf/SKILL.md", skillMd("pdf"));
		this.server.put("/moved/index.json", draft(entry("pdf", "/s/pdf/SKILL.md", pdf)));
		this.server.redirect(INDEX, "/moved/index.json");

		SourceStatus status = refresh(withCredentials(Set.of()), 10 * MB).get(0);

		assertThat(status.loaded()).isTrue();
		assertThat(this.server.requests("/moved/index.json")).singleElement()
			.satisfies((request) -> assertThat(request.authorization()).isEqualTo(basic()));
	}

	@Test
	void artifactElsewhereIsRefused() throws Exception {
		String pdf = this.elsewhere.put("/s/pdf/SKILL.md", skillMd("pdf"));
		String csv = this.server.put("/s/csv/SKILL.md", skillMd("csv"));
		this.server.put(INDEX,
				draft(entry("pdf", this.elsewhere.url("/s/pdf/SKILL.md"), pdf), entry("csv", "/s/csv/SKILL.md", csv)));

		Instance instance = start(withCredentials(Set.of()), 10 * MB);
		await().atMost(Duration.ofSeconds(10))
			.until(() -> instance.registry.contains("csv") && !instance.registry.diagnostics().isEmpty());

		assertThat(instance.registry.names()).containsExactly("csv");
		assertThat(this.elsewhere.requests()).isEmpty();
		assertThat(instance.registry.diagnostics()).singleElement()
			.extracting(SkillDiagnostic::message)
			.isEqualTo("skill 'pdf' skipped: its artifact on host '127.0.0.2' was refused: it is neither on the "
					+ "index's origin nor on a host of allowed-hosts");
	}

	@Test
	void allowedHostGetsNoCredentialsNorEchoes() throws Exception {
		String pdf = this.elsewhere.put("/s/pdf/SKILL.md", skillMd("pdf"));
		this.elsewhere.put("/s/docx/SKILL.md", "something else");
		String docx = IndexHttpServer.sha256(skillMd("docx").getBytes());
		this.server.put(INDEX,
				draft(entry("pdf", this.elsewhere.url("/s/pdf/SKILL.md"), pdf),
						entry("docx", this.elsewhere.url("/s/docx/SKILL.md"), docx),
						entry("xlsx", this.elsewhere.url("/s/xlsx/SKILL.md"), docx)));

		Instance instance = start(withCredentials(Set.of("127.0.0.2")), 10 * MB);
		await().atMost(Duration.ofSeconds(10))
			.until(() -> instance.registry.contains("pdf") && instance.registry.diagnostics().size() == 2);

		assertThat(instance.registry.names()).containsExactly("pdf");
		assertThat(this.elsewhere.requests()).hasSize(3)
			.allSatisfy((request) -> assertThat(request.authorization()).isNull());
		// What another host answered (its status, its bytes' digest) is never repeated.
		assertThat(instance.registry.diagnostics()).extracting(SkillDiagnostic::message)
			.containsExactlyInAnyOrder(
					"skill 'docx' skipped: its artifact on host '127.0.0.2' does not match the index's sha256:" + docx,
					"skill 'xlsx' skipped: its artifact on host '127.0.0.2' could not be fetched")
			.allSatisfy((message) -> assertThat(message).doesNotContain("404")
				.doesNotContain(IndexHttpServer.sha256("something else".getBytes())));
	}

	@Test
	void fiveThousandEntriesCostAtMostMaxFilesRequests() throws Exception {
		StringBuilder entries = new StringBuilder();
		for (int i = 0; i < 5000; i++) {
			entries.append((i > 0) ? ",\n" : "")
				.append(entry("skill-" + i, "/s/skill-" + i + "/SKILL.md", IndexHttpServer.sha256(new byte[0])));
		}
		this.server.put(INDEX, draft(entries.toString()));

		SourceRefresher sources = refresher(IndexSourceSettings.of(URI.create(this.server.url(INDEX)), Duration.ZERO),
				new SourcesSettings(this.temp.resolve("cache"), Duration.ofSeconds(30), 100, 10 * MB));
		SourceStatus status = sources.refresh().get(0);

		assertThat(status.lastError()).isNull();
		long artifactRequests = this.server.requests()
			.stream()
			.filter((request) -> !request.path().equals(INDEX))
			.count();
		assertThat(artifactRequests).isEqualTo(100);
	}

	@Test
	void checkoutEndsAtTheDeadline() throws Exception {
		List<String> entries = new ArrayList<>();
		for (int i = 0; i < 10; i++) {
			String digest = this.server.put("/s/skill-" + i + "/SKILL.md", skillMd("skill-" + i));
			entries.add(entry("skill-" + i, "/s/skill-" + i + "/SKILL.md", digest));
		}
		this.server.put(INDEX, draft(entries.toArray(String[]::new)));
		this.server.slowDown("/s/", Duration.ofMillis(500));
		SourceRefresher sources = refresher(IndexSourceSettings.of(URI.create(this.server.url(INDEX)), Duration.ZERO),
				new SourcesSettings(this.temp.resolve("cache"), Duration.ofSeconds(2), 1000, 10 * MB));

		long start = System.nanoTime();
		SourceStatus status = sources.refresh().get(0);

		// Ten answers of half a second each: the timeout bounds the checkout, not each.
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(4500));
		assertThat(status.loaded()).isFalse();
		assertThat(status.lastError()).contains("timeout of 2000 ms");
		assertThat(this.server.requests().size()).isLessThan(1 + 10);
	}

	@Test
	void zipBombStopsAtTheBudget() throws Exception {
		byte[] bomb = TestArchives.zipBomb(skillMd("bomb"), "assets/", 200 * MB);
		bombStopsAtTheBudget(bomb);
	}

	@Test
	void tarGzBombStopsAtTheBudget() throws Exception {
		byte[] bomb = TestArchives.tarGzBomb(skillMd("bomb"), ".", 200 * MB);
		bombStopsAtTheBudget(bomb);
	}

	private void bombStopsAtTheBudget(byte[] bomb) throws Exception {
		assertThat(bomb.length).isLessThan((int) MB);
		String digest = this.server.put("/a/bomb", bomb);
		this.server.put(INDEX, draft(entry("bomb", "archive", "/a/bomb", digest)));

		SourceStatus status = refresh(IndexSourceSettings.of(URI.create(this.server.url(INDEX)), Duration.ZERO),
				10 * MB)
			.get(0);

		assertThat(status.loaded()).isFalse();
		assertThat(status.lastError()).contains("more than " + 10 * MB + " bytes");
		assertThat(size(this.temp.resolve("cache"))).isLessThan(11 * MB);
	}

	private IndexSourceSettings withCredentials(Set<String> allowedHosts) {
		return new IndexSourceSettings(URI.create(this.server.url(INDEX)), Duration.ZERO, Map.of(), "bot",
				"s3cret-token", allowedHosts);
	}

	private List<SourceStatus> refresh(IndexSourceSettings index, long maxBytes) {
		return refresher(index, new SourcesSettings(this.temp.resolve("cache"), Duration.ofSeconds(30), 1000, maxBytes))
			.refresh();
	}

	private SourceRefresher refresher(IndexSourceSettings index, SourcesSettings settings) {
		SourceRefresher sources = SourceRefresher.create(List.of(new IndexSourceFactory(index)), settings, (status) -> {
		});
		this.closeables.add(0, sources);
		return sources;
	}

	private Instance start(IndexSourceSettings index, long maxBytes) {
		SourceRefresher sources = refresher(index,
				new SourcesSettings(this.temp.resolve("cache"), Duration.ofSeconds(30), 1000, maxBytes));
		SkillsRegistry registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(sources.locations()).hotReload(false).build());
		this.closeables.add(registry);
		sources.start(registry);
		return new Instance(sources, registry);
	}

	private static String basic() {
		return "Basic " + Base64.getEncoder().encodeToString("bot:s3cret-token".getBytes());
	}

	private static String skillMd(String name) {
		return "---\nname: " + name + "\ndescription: The " + name + " skill\n---\nBody of " + name;
	}

	private static String entry(String name, String url, String sha256) {
		return entry(name, "skill-md", url, sha256);
	}

	private static String entry(String name, String type, String url, String sha256) {
		return "{\"name\": \"" + name + "\", \"type\": \"" + type + "\", \"url\": \"" + url
				+ "\", \"digest\": \"sha256:" + sha256 + "\"}";
	}

	private static String draft(String... entries) {
		return "{\"$schema\": \"" + DRAFT + "\", \"skills\": [\n" + String.join(",\n", entries) + "\n]}";
	}

	private static long size(Path folder) throws IOException {
		try (Stream<Path> files = Files.walk(folder)) {
			return files.filter(Files::isRegularFile).mapToLong((file) -> file.toFile().length()).sum();
		}
	}

	private record Instance(SourceRefresher sources, SkillsRegistry registry) {
	}

}
