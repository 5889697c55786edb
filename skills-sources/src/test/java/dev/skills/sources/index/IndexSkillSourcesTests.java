package dev.skills.sources.index;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.sources.SourceRefresher;
import dev.skills.sources.SourceStatus;
import dev.skills.sources.SourceStatus.Outcome;
import dev.skills.sources.SourcesSettings;
import dev.skills.sources.test.IndexHttpServer;
import dev.skills.sources.test.IndexHttpServer.Request;
import dev.skills.sources.test.TestArchives;
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
 * Published skill indexes against a real HTTP server on loopback serving
 * {@code index.json}, {@code SKILL.md} files and archives.
 */
@ExtendWith(OutputCaptureExtension.class)
class IndexSkillSourcesTests {

	private static final String INDEX = "/.well-known/agent-skills/index.json";

	private static final String DRAFT = "https://schemas.agentskills.io/discovery/0.2.0/schema.json";

	@TempDir
	Path temp;

	private IndexHttpServer server;

	private final List<AutoCloseable> closeables = new ArrayList<>();

	private final List<Outcome> outcomes = Collections.synchronizedList(new ArrayList<>());

	@BeforeEach
	void startServer() throws Exception {
		this.server = new IndexHttpServer();
	}

	@AfterEach
	void close() throws Exception {
		for (AutoCloseable closeable : this.closeables) {
			closeable.close();
		}
		this.server.close();
	}

	@Test
	void servesDraftSkillMdZipAndTarGz() throws Exception {
		String pdf = this.server.put("/.well-known/agent-skills/pdf/SKILL.md", skillMd("pdf", "Read PDF files"));
		String csv = this.server.put("/archives/csv.zip", TestArchives
			.zip(map("csv/SKILL.md", skillMd("csv", "Read CSV files"), "csv/references/GUIDE.md", "csv guide")));
		String docx = this.server.put("/archives/docx.tar.gz", TestArchives
			.tarGz(map("SKILL.md", skillMd("docx", "Write Word files"), "scripts/run.py", "print(1)"), Map.of()));
		String index = this.server.put(INDEX,
				"{\n  \"$schema\": \"" + DRAFT + "\",\n  \"skills\": [\n"
						+ entry("pdf", "skill-md", "pdf/SKILL.md", "sha256:" + pdf) + ",\n"
						+ entry("csv", "archive", "/archives/csv.zip", "sha256:" + csv) + ",\n"
						+ entry("docx", "archive", "../../archives/docx.tar.gz", "sha256:" + docx) + "\n  ]\n}\n");

		Instance instance = start(Duration.ZERO);
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.size() == 3);

		assertThat(instance.registry.names()).containsExactly("csv", "docx", "pdf");
		assertThat(instance.registry.readFile("csv", "references/GUIDE.md", 1000)).isEqualTo("csv guide");
		assertThat(instance.registry.readFile("docx", "scripts/run.py", 1000)).isEqualTo("print(1)");
		SourceStatus status = instance.sources.statuses().get(0);
		assertThat(status.type()).isEqualTo("index");
		assertThat(status.revision()).isEqualTo(index);
		assertThat(status.name()).isEqualTo(this.server.url(INDEX));
		assertThat(instance.sources.sourceOf(instance.registry.get("pdf").get().location())).contains(status);
		assertThat(instance.registry.diagnostics()).isEmpty();
	}

	@Test
	void servesRfcFilesAndPackages() throws Exception {
		String skill = this.server.put("/.well-known/agent-skills/pdf/SKILL.md", skillMd("pdf", "Read PDF files"));
		String guide = this.server.put("/.well-known/agent-skills/pdf/references/GUIDE.md", "pdf guide");
		String pkg = this.server.put("/packages/csv.tar.gz",
				TestArchives.tarGz(map("./SKILL.md", skillMd("csv", "Read CSV files")), Map.of()));
		this.server.put(INDEX,
				"{\"version\": \"0.2.0\", \"skills\": [\n"
						+ "{\"name\": \"pdf\", \"description\": \"Read PDF files\", \"files\": ["
						+ "{\"path\": \"SKILL.md\", \"digest\": \"sha256:" + skill + "\"},"
						+ "{\"path\": \"references/GUIDE.md\", \"sha256\": \"" + guide + "\"}]},\n"
						+ "{\"name\": \"csv\", \"description\": \"Read CSV files\", \"package\": "
						+ "{\"url\": \"/packages/csv.tar.gz\", \"digest\": \"sha256:" + pkg + "\"}}\n]}");

		Instance instance = start(Duration.ZERO);
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.size() == 2);

		assertThat(instance.registry.readFile("pdf", "references/GUIDE.md", 1000)).isEqualTo("pdf guide");
		assertThat(instance.registry.get("csv").get().description()).isEqualTo("Read CSV files");
		assertThat(instance.registry.diagnostics()).isEmpty();
	}

	@Test
	void wrongDigestSkipsOnlyThatSkill(CapturedOutput output) throws Exception {
		String pdf = this.server.put("/s/pdf/SKILL.md", skillMd("pdf", "Read PDF files"));
		this.server.put("/s/csv/SKILL.md", skillMd("csv", "Read CSV files"));
		String wrong = IndexHttpServer.sha256("something else".getBytes());
		this.server.put(INDEX, draft(entry("pdf", "skill-md", "/s/pdf/SKILL.md", "sha256:" + pdf),
				entry("csv", "skill-md", "/s/csv/SKILL.md", "sha256:" + wrong)));

		Instance instance = start(Duration.ZERO);
		await().atMost(Duration.ofSeconds(10))
			.until(() -> instance.registry.contains("pdf") && !instance.registry.diagnostics().isEmpty());

		assertThat(instance.registry.names()).containsExactly("pdf");
		assertThat(instance.registry.diagnostics()).singleElement().satisfies((diagnostic) -> {
			assertThat(diagnostic.isError()).isFalse();
			assertThat(diagnostic.message()).contains("skill 'csv' skipped")
				.contains("do not match the index's sha256:" + wrong);
		});
		assertThat(Path.of(instance.sources.locations().get(0)).resolve("csv")).doesNotExist();
		assertThat(output).contains("skill 'csv' skipped");
	}

	@Test
	void zipEntryClimbingOutSkipsTheSkill(CapturedOutput output) throws Exception {
		String evil = this.server.put("/a/evil.zip", TestArchives.zip(map("SKILL.md", skillMd("evil", "Evil"),
				"../../../../escaped.txt", "owned", "../sibling/SKILL.md", skillMd("sibling", "Sibling"))));
		String pdf = this.server.put("/s/pdf/SKILL.md", skillMd("pdf", "Read PDF files"));
		this.server.put(INDEX, draft(entry("evil", "archive", "/a/evil.zip", "sha256:" + evil),
				entry("pdf", "skill-md", "/s/pdf/SKILL.md", "sha256:" + pdf)));

		Instance instance = start(Duration.ZERO);
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.contains("pdf"));

		assertThat(instance.registry.names()).containsExactly("pdf");
		try (Stream<Path> all = Files.walk(this.temp)) {
			assertThat(all.map((path) -> path.getFileName().toString())).doesNotContain("escaped.txt", "sibling");
		}
		assertThat(instance.registry.diagnostics()).singleElement()
			.satisfies((diagnostic) -> assertThat(diagnostic.message()).contains("skill 'evil' skipped")
				.contains("leaves the folder"));
		assertThat(output).contains("skill 'evil' skipped");
	}

	@Test
	void tarLinkLeavingTheSkillSkipsIt(CapturedOutput output) throws Exception {
		Path secret = Files.writeString(this.temp.resolve("secret.txt"), "secret");
		String linked = this.server.put("/a/linked.tar.gz",
				TestArchives.tarGz(map("SKILL.md", skillMd("linked", "Linked")),
						map("references/SECRET.md", secret.toString(), "references/UP.md", "../../../secret.txt")));
		String inside = this.server.put("/a/inside.tar.gz", TestArchives.tarGz(
				map("SKILL.md", skillMd("inside", "Inside"), "references/A.md", "a"), map("references/B.md", "A.md")));
		this.server.put(INDEX, draft(entry("linked", "archive", "/a/linked.tar.gz", "sha256:" + linked),
				entry("inside", "archive", "/a/inside.tar.gz", "sha256:" + inside)));

		Instance instance = start(Duration.ZERO);
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.contains("inside"));

		assertThat(instance.registry.names()).containsExactly("inside");
		// A link inside the skill is not created either: only regular files are written.
		assertThat(instance.registry.snapshot().files("inside")).containsExactly("references/A.md");
		assertThat(instance.registry.diagnostics()).singleElement()
			.satisfies((diagnostic) -> assertThat(diagnostic.message()).contains("skill 'linked' skipped")
				.contains("links out of the skill"));
		assertThat(output).contains("links out of the skill");
	}

	@Test
	void unchangedIndexCostsOneRequest() throws Exception {
		String pdf = this.server.put("/s/pdf/SKILL.md", skillMd("pdf", "Read PDF files"));
		this.server.put(INDEX, draft(entry("pdf", "skill-md", "/s/pdf/SKILL.md", "sha256:" + pdf)));
		Instance instance = start(Duration.ZERO);
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.contains("pdf"));
		String revision = instance.sources.statuses().get(0).revision();

		SourceStatus status = instance.sources.refresh().get(0);

		List<Request> index = this.server.requests(INDEX);
		assertThat(index).hasSize(2);
		assertThat(index.get(0).ifNoneMatch()).isNull();
		assertThat(index.get(1).ifNoneMatch()).isNotNull();
		assertThat(index.get(1).status()).isEqualTo(304);
		assertThat(this.server.requests("/s/pdf/SKILL.md")).hasSize(1);
		assertThat(status.revision()).isEqualTo(revision);
		assertThat(this.outcomes).containsExactly(Outcome.UPDATED, Outcome.UNCHANGED);
	}

	@Test
	void unchangedIndexByDateCostsOneRequest() throws Exception {
		this.server.useLastModifiedOnly();
		String pdf = this.server.put("/s/pdf/SKILL.md", skillMd("pdf", "Read PDF files"));
		this.server.put(INDEX, draft(entry("pdf", "skill-md", "/s/pdf/SKILL.md", "sha256:" + pdf)));
		Instance instance = start(Duration.ZERO);
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.contains("pdf"));

		instance.sources.refresh();

		List<Request> index = this.server.requests(INDEX);
		assertThat(index).hasSize(2);
		assertThat(index.get(0).ifModifiedSince()).isNull();
		assertThat(index.get(1).ifModifiedSince()).isNotNull();
		assertThat(index.get(1).ifNoneMatch()).isNull();
		assertThat(index.get(1).status()).isEqualTo(304);
		assertThat(this.server.requests("/s/pdf/SKILL.md")).hasSize(1);
		assertThat(this.outcomes).containsExactly(Outcome.UPDATED, Outcome.UNCHANGED);
	}

	@Test
	void editShowsUpAndFetchesOnlyTheNew() throws Exception {
		String pdf = this.server.put("/s/pdf/SKILL.md", skillMd("pdf", "Read PDF files"));
		String pdfEntry = entry("pdf", "skill-md", "/s/pdf/SKILL.md", "sha256:" + pdf);
		this.server.put(INDEX, draft(pdfEntry));
		Instance instance = start(Duration.ofSeconds(1));
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.contains("pdf"));

		String csv = this.server.put("/s/csv/SKILL.md", skillMd("csv", "Read CSV files"));
		this.server.put(INDEX, draft(pdfEntry, entry("csv", "skill-md", "/s/csv/SKILL.md", "sha256:" + csv)));
		long start = System.nanoTime();
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.contains("csv"));

		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(3));
		assertThat(instance.registry.names()).containsExactly("csv", "pdf");
		assertThat(this.server.requests("/s/pdf/SKILL.md")).hasSize(1);
		assertThat(this.server.requests("/s/csv/SKILL.md")).hasSize(1);
	}

	@Test
	void unreachableHostNeverLoads() throws Exception {
		Instance instance = start(IndexSourceSettings.of(URI.create("http://127.0.0.1:1/index.json"), Duration.ZERO),
				Duration.ofSeconds(5));
		await().atMost(Duration.ofSeconds(10))
			.until(() -> instance.registry.diagnostics().stream().anyMatch(SkillDiagnostic::isError));

		SourceStatus status = instance.sources.statuses().get(0);
		assertThat(status.loaded()).isFalse();
		assertThat(status.lastError()).startsWith("fetch failed: ").contains("127.0.0.1:1");
		assertThat(instance.registry.diagnostics()).filteredOn(SkillDiagnostic::isError)
			.singleElement()
			.satisfies((diagnostic) -> assertThat(diagnostic.message()).contains("nothing served yet"));
	}

	@Test
	void silentServerTimesOutAndKeepsTheRevision() throws Exception {
		String pdf = this.server.put("/s/pdf/SKILL.md", skillMd("pdf", "Read PDF files"));
		this.server.put(INDEX, draft(entry("pdf", "skill-md", "/s/pdf/SKILL.md", "sha256:" + pdf)));
		Instance instance = start(settings(Duration.ZERO), Duration.ofSeconds(1));
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.contains("pdf"));
		String good = instance.sources.statuses().get(0).revision();
		this.server.stopAnswering();

		long start = System.nanoTime();
		CompletableFuture<List<SourceStatus>> refresh = CompletableFuture.supplyAsync(instance.sources::refresh);
		// While the fetch waits, a chat request reads the registry as before.
		assertThat(instance.registry.snapshot().load("pdf").body()).isEqualTo("Body of pdf");
		SourceStatus status = refresh.get().get(0);

		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(2500));
		assertThat(status.revision()).isEqualTo(good);
		assertThat(status.lastError()).contains("timeout of 1000 ms");
		assertThat(instance.registry.names()).containsExactly("pdf");
	}

	@Test
	void startUpDoesNotWaitForASilentServer() throws Exception {
		this.server.stopAnswering();
		long start = System.nanoTime();
		Instance instance = start(settings(Duration.ZERO), Duration.ofSeconds(1));
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(900));
		await().atMost(Duration.ofSeconds(10)).until(() -> !this.outcomes.isEmpty());
		assertThat(instance.sources.statuses().get(0).lastError()).contains("timeout of 1000 ms");
	}

	@Test
	void unknownSchemaAndTypeWarn(CapturedOutput output) throws Exception {
		String pdf = this.server.put("/s/pdf/SKILL.md", skillMd("pdf", "Read PDF files"));
		this.server.put(INDEX,
				"{\"$schema\": \"https://schemas.agentskills.io/discovery/9.0.0/schema.json\"," + "\"skills\": ["
						+ entry("pdf", "skill-md", "/s/pdf/SKILL.md", "sha256:" + pdf) + ","
						+ entry("wasm", "wasm-module", "/s/x.wasm", "sha256:" + pdf) + "]}");

		Instance instance = start(Duration.ZERO);
		await().atMost(Duration.ofSeconds(10))
			.until(() -> instance.registry.contains("pdf") && instance.registry.diagnostics().size() == 2);

		assertThat(instance.registry.diagnostics()).extracting(SkillDiagnostic::message)
			.containsExactly(
					"unknown $schema 'https://schemas.agentskills.io/discovery/9.0.0/schema.json'; read as discovery 0.2.0",
					"skill 'wasm' skipped: unknown type 'wasm-module'");
		assertThat(this.server.requests("/s/x.wasm")).isEmpty();
		assertThat(output).contains("unknown type 'wasm-module'");
	}

	@Test
	void credentialsReachTheIndexHost() throws Exception {
		String pdf = this.server.put("/s/pdf/SKILL.md", skillMd("pdf", "Read PDF files"));
		this.server.put(INDEX, draft(entry("pdf", "skill-md", "/s/pdf/SKILL.md", "sha256:" + pdf)));
		IndexSourceSettings settings = new IndexSourceSettings(URI.create(this.server.url(INDEX)), Duration.ZERO,
				Map.of("X-Team", "skills"), "bot", "s3cret-token", Set.of());
		Instance instance = start(settings, Duration.ofSeconds(5));
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.contains("pdf"));
		assertThat(this.server.requests(INDEX).get(0).authorization()).startsWith("Basic ");
		assertThat(this.server.requests(INDEX).get(0).authorization())
			.isEqualTo("Basic " + java.util.Base64.getEncoder().encodeToString("bot:s3cret-token".getBytes()));
		assertThat(settings.toString()).doesNotContain("s3cret-token");
	}

	private Instance start(Duration interval) {
		return start(settings(interval), Duration.ofSeconds(5));
	}

	private IndexSourceSettings settings(Duration interval) {
		return IndexSourceSettings.of(URI.create(this.server.url(INDEX)), interval);
	}

	private Instance start(IndexSourceSettings index, Duration timeout) {
		SourcesSettings settings = new SourcesSettings(this.temp.resolve("cache"), timeout, 1000, 10_000_000);
		SourceRefresher sources = SourceRefresher.create(List.of(new IndexSourceFactory(index)), settings,
				(status) -> this.outcomes.add(status.outcome()));
		SkillsRegistry registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(sources.locations()).hotReload(false).build());
		this.closeables.add(registry);
		this.closeables.add(sources);
		sources.start(registry);
		return new Instance(sources, registry);
	}

	private static String skillMd(String name, String description) {
		return "---\nname: " + name + "\ndescription: " + description + "\n---\nBody of " + name;
	}

	private static String entry(String name, String type, String url, String digest) {
		return "    {\"name\": \"" + name + "\", \"type\": \"" + type + "\", \"description\": \"The " + name
				+ " skill\", \"url\": \"" + url + "\", \"digest\": \"" + digest + "\"}";
	}

	private static String draft(String... entries) {
		return "{\"$schema\": \"" + DRAFT + "\", \"skills\": [\n" + String.join(",\n", entries) + "\n]}";
	}

	private static Map<String, String> map(String... pairs) {
		Map<String, String> map = new LinkedHashMap<>();
		for (int i = 0; i < pairs.length; i += 2) {
			map.put(pairs[i], pairs[i + 1]);
		}
		return map;
	}

	private record Instance(SourceRefresher sources, SkillsRegistry registry) {
	}

}
