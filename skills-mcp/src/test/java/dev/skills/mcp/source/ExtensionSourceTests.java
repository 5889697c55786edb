package dev.skills.mcp.source;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.mcp.server.SkillsMcpTestServer;
import dev.skills.sources.SourceRefresher;
import dev.skills.sources.SourceStatus.Outcome;
import dev.skills.sources.SourcesSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An MCP source reached by URL on protocol 2026-07-28: against this project's own Skills
 * Extension server, and against a scripted server that lies, on loopback, read into a
 * real registry through {@link SourceRefresher}.
 */
@ExtendWith(OutputCaptureExtension.class)
class ExtensionSourceTests {

	@TempDir
	Path temp;

	private ScriptedExtensionServer scripted;

	private final List<AutoCloseable> closeables = new ArrayList<>();

	private final List<Outcome> outcomes = new CopyOnWriteArrayList<>();

	private SkillsRegistry registry;

	private SourceRefresher sources;

	@BeforeEach
	void startServer() throws IOException {
		this.scripted = new ScriptedExtensionServer();
		this.closeables.add(this.scripted);
	}

	@AfterEach
	void close() throws Exception {
		for (AutoCloseable closeable : this.closeables) {
			closeable.close();
		}
	}

	@Test
	void readsOurServerPageByPage() throws Exception {
		Path served = Files.createDirectories(this.temp.resolve("served"));
		for (String name : List.of("alpha", "beta", "gamma")) {
			write(served, name + "/SKILL.md", ScriptedExtensionServer.skillMd(name, "Skill " + name));
		}
		write(served, "alpha/references/GUIDE.md", "guide v1");
		SkillsMcpTestServer server = SkillsMcpTestServer.start(served, false, "2");
		this.closeables.add(0, server);
		start(server.url() + "/mcp/skills");
		await().atMost(Duration.ofSeconds(10)).until(() -> this.registry.names().size() == 3);
		assertThat(this.registry.readFile("alpha", "references/GUIDE.md", 1000)).isEqualTo("guide v1");
		assertThat(this.sources.statuses().get(0).revision()).startsWith("mcp-");
		assertThat(this.sources.refresh().get(0).outcome()).isEqualTo(Outcome.UNCHANGED);
		write(served, "beta/SKILL.md", ScriptedExtensionServer.skillMd("beta", "Skill beta, edited"));
		server.registry().reload();
		this.sources.refresh();
		assertThat(this.registry.get("beta").get().description()).isEqualTo("Skill beta, edited");
	}

	@Test
	void usesSkillsListWhenDeclared() throws Exception {
		servePdf();
		start(this.scripted.url());
		await().atMost(Duration.ofSeconds(10)).until(() -> this.registry.contains("pdf"));
		assertThat(this.scripted.requests()).contains("server/discover ", "skills/list ",
				"resources/read skill://pdf/SKILL.md");
		assertThat(this.scripted.requests()).noneMatch((request) -> request.startsWith("resources/list"));
	}

	@Test
	void listsResourcesWithoutTheExtension() throws Exception {
		String md = ScriptedExtensionServer.skillMd("pdf", "Read PDF files");
		this.scripted.answer("server/discover", (params) -> "{\"supportedVersions\":[\"2026-07-28\"],"
				+ "\"capabilities\":{\"resources\":{}},\"ttlMs\":0,\"cacheScope\":\"private\"}");
		this.scripted.answer("resources/list",
				(params) -> "{\"resources\":[{\"uri\":\"skill://pdf/SKILL.md\",\"name\":\"pdf\",\"size\":" + md.length()
						+ ",\"_meta\":{\"digest\":\"sha256:" + ScriptedExtensionServer.digest(md) + "\"}}]}");
		this.scripted.file("skill://pdf/SKILL.md", md);
		start(this.scripted.url());
		await().atMost(Duration.ofSeconds(10)).until(() -> this.registry.contains("pdf"));
		assertThat(this.scripted.requests()).noneMatch((request) -> request.startsWith("skills/list"));
	}

	@Test
	void lyingFilesSkipTheirSkill() throws Exception {
		String good = ScriptedExtensionServer.skillMd("good", "Good");
		String digest = ScriptedExtensionServer.skillMd("digest", "Evil");
		String size = ScriptedExtensionServer.skillMd("size", "Sized");
		String huge = ScriptedExtensionServer.skillMd("huge", "Huge") + "x".repeat(2 * 1024 * 1024);
		String frontmatter = ScriptedExtensionServer.skillMd("front", "Read");
		this.scripted.answer("skills/list", (params) -> "{\"skills\":["
				+ ScriptedExtensionServer.entry("good", "Good", Map.of("skill://good/SKILL.md", good)) + ","
				+ entry("digest",
						ScriptedExtensionServer.resource(
								"skill://digest/SKILL.md", digest.length(), ScriptedExtensionServer.digest("other")))
				+ ","
				+ entry("size",
						ScriptedExtensionServer
							.resource("skill://size/SKILL.md", size.length() + 1, ScriptedExtensionServer.digest(size)))
				+ ","
				+ entry("big",
						ScriptedExtensionServer
							.resource("skill://big/SKILL.md", 50L * 1024 * 1024, ScriptedExtensionServer.digest("big")))
				+ ","
				+ entry("huge",
						ScriptedExtensionServer.resource("skill://huge/SKILL.md", 100,
								ScriptedExtensionServer.digest(huge)))
				+ "," + ScriptedExtensionServer.entry("front", "Not what it says",
						Map.of("skill://front/SKILL.md", frontmatter))
				+ "]}");
		Map.of("good", good, "digest", digest, "size", size, "huge", huge, "front", frontmatter)
			.forEach((name, text) -> this.scripted.file("skill://" + name + "/SKILL.md", text));
		start(this.scripted.url());
		await().atMost(Duration.ofSeconds(10)).until(() -> this.sources.statuses().get(0).loaded());
		assertThat(this.registry.names()).containsExactly("good");
		await().atMost(Duration.ofSeconds(5))
			.untilAsserted(() -> assertThat(warnings())
				.contains("skill 'digest' skipped: skill://digest/SKILL.md does not match its sha256 digest")
				.contains("skill 'size' skipped: skill://size/SKILL.md has " + size.length() + " bytes, not the")
				.contains("skill 'big' skipped: skill://big/SKILL.md is listed at 52428800 bytes")
				.contains("skill 'huge' skipped: ")
				.contains("skill 'front' skipped: its SKILL.md's frontmatter is not the one listed"));
		assertThat(this.scripted.requests()).doesNotContain("resources/read skill://big/SKILL.md");
	}

	@Test
	void escapingListingsAreSkipped() throws Exception {
		try (ScriptedExtensionServer other = new ScriptedExtensionServer()) {
			String md = ScriptedExtensionServer.skillMd("sly", "Sly");
			String far = ScriptedExtensionServer.skillMd("far", "Far");
			this.scripted
				.answer("skills/list",
						(params) -> "{\"skills\":["
								+ entry("..", ScriptedExtensionServer.resource("skill://../SKILL.md", 3, md5()))
								+ ",{\"uri\":\"skill://%2e%2e/evil/SKILL.md\",\"frontmatter\":{},\"resources\":[]},"
								+ entry("sly",
										ScriptedExtensionServer.resource("skill://sly/SKILL.md", md.length(),
												ScriptedExtensionServer.digest(md)),
										ScriptedExtensionServer.resource("skill://sly/../../outside.md", 3, md5()))
								+ ","
								+ entry("far",
										ScriptedExtensionServer.resource("skill://far/SKILL.md", far.length(),
												ScriptedExtensionServer.digest(far)),
										ScriptedExtensionServer.resource(other.url() + "/secret", 3, md5()))
								+ "," + entry("shared", ScriptedExtensionServer.resource("skill://sly/SKILL.md",
										md.length(), ScriptedExtensionServer.digest(md)))
								+ "]}");
			this.scripted.file("skill://sly/SKILL.md", md);
			this.scripted.file("skill://far/SKILL.md", far);
			start(this.scripted.url());
			await().atMost(Duration.ofSeconds(10)).until(() -> this.sources.statuses().get(0).loaded());
			assertThat(this.registry.names()).isEmpty();
			await().atMost(Duration.ofSeconds(5))
				.untilAsserted(
						() -> assertThat(warnings()).contains("skill://../SKILL.md: not a skill://<name>/SKILL.md URI")
							.contains("skill://%2e%2e/evil/SKILL.md: not a skill://<name>/SKILL.md URI")
							.contains("skill://sly/SKILL.md: lists skill://sly/../../outside.md, which is not a file")
							.contains("skill://far/SKILL.md: lists " + other.url() + "/secret, which is not a file")
							.contains("skill://shared/SKILL.md: lists skill://sly/SKILL.md, which is not a file"));
			assertThat(other.requests()).isEmpty();
			assertThat(this.scripted.requests()).noneMatch((request) -> request.startsWith("resources/read"));
			try (Stream<Path> files = Files.walk(this.temp)) {
				assertThat(files.map(Path::getFileName).map(Path::toString)).doesNotContain("outside.md", "evil");
			}
		}
	}

	@Test
	void listingResourcesCountsEverySchemeAgainstMaxFiles() throws Exception {
		String md = ScriptedExtensionServer.skillMd("pdf", "Read PDF files");
		this.scripted.answer("server/discover", (params) -> "{\"supportedVersions\":[\"2026-07-28\"],"
				+ "\"capabilities\":{\"resources\":{}},\"ttlMs\":0,\"cacheScope\":\"private\"}");
		StringBuilder others = new StringBuilder();
		for (int i = 0; i <= SourcesSettings.defaults().maxFiles(); i++) {
			others.append(",{\"uri\":\"https://example.com/doc-").append(i).append("\",\"name\":\"d\"}");
		}
		this.scripted.answer("resources/list",
				(params) -> "{\"resources\":[{\"uri\":\"skill://pdf/SKILL.md\",\"name\":\"pdf\",\"size\":" + md.length()
						+ ",\"_meta\":{\"digest\":\"sha256:" + ScriptedExtensionServer.digest(md) + "\"}}" + others
						+ "]}");
		this.scripted.file("skill://pdf/SKILL.md", md);
		start(this.scripted.url());

		assertThat(this.sources.refresh().get(0).lastError()).contains("the server lists more than 10000 resources");
		assertThat(this.registry.contains("pdf")).isFalse();
	}

	@Test
	void endlessPagesKeepTheLastGood(CapturedOutput output) throws Exception {
		servePdf();
		start(this.scripted.url());
		await().atMost(Duration.ofSeconds(10)).until(() -> this.registry.contains("pdf"));
		this.scripted.answer("skills/list", (params) -> "{\"skills\":[],\"nextCursor\":\"again\"}");
		int before = this.scripted.requests().size();
		assertThat(this.sources.refresh().get(0).lastError()).contains("more than 1000 pages");
		assertThat(this.scripted.requests().size() - before).isLessThanOrEqualTo(1001);
		assertThat(this.registry.contains("pdf")).isTrue();
		assertThat(output).contains("mcp:team: fetch failed: the server's skills/list has more than 1000 pages");
	}

	private void servePdf() {
		String md = ScriptedExtensionServer.skillMd("pdf", "Read PDF files");
		this.scripted.answer("skills/list", (params) -> "{\"skills\":["
				+ ScriptedExtensionServer.entry("pdf", "Read PDF files", Map.of("skill://pdf/SKILL.md", md)) + "]}");
		this.scripted.file("skill://pdf/SKILL.md", md);
	}

	private static String entry(String name, String... resources) {
		return "{\"uri\":\"skill://" + name + "/SKILL.md\",\"frontmatter\":{\"name\":\"" + name + "\"},\"resources\":["
				+ String.join(",", resources) + "]}";
	}

	private static String md5() {
		return ScriptedExtensionServer.digest("abc");
	}

	private String warnings() {
		return this.registry.diagnostics()
			.stream()
			.filter((diagnostic) -> diagnostic.file().equals("mcp:team")
					&& diagnostic.severity() == SkillDiagnostic.Severity.WARNING)
			.map(SkillDiagnostic::message)
			.collect(Collectors.joining("\n"));
	}

	private void start(String url) {
		McpSourceSettings settings = new McpSourceSettings("team", Duration.ofMinutes(5), Duration.ofSeconds(5),
				1024 * 1024);
		this.sources = SourceRefresher.create(List.of(McpSkillSource.factory(settings, URI.create(url))),
				SourcesSettings.defaults().withCacheDir(this.temp.resolve("cache")),
				(status) -> this.outcomes.add(status.outcome()));
		this.closeables.add(0, this.sources);
		this.registry = SkillsRegistry.create(SkillConfig.builder().skillsDir(this.sources.locations()).build());
		this.closeables.add(0, this.registry);
		this.sources.start(this.registry);
	}

	private static void write(Path root, String path, String text) throws IOException {
		Path file = root.resolve(path);
		Files.createDirectories(file.getParent());
		Files.writeString(file, text);
	}

}
