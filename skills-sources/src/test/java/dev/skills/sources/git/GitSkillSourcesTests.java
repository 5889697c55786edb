package dev.skills.sources.git;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillResourceException;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.sources.SourceRefresher;
import dev.skills.sources.SourceStatus;
import dev.skills.sources.SourceStatus.Outcome;
import dev.skills.sources.SourcesSettings;
import dev.skills.sources.test.GitHttpServer;
import dev.skills.sources.test.SkillsGitRepository;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * Git sources against a real repository served over git's smart HTTP protocol on
 * loopback, with pushes while the registry runs.
 */
@ExtendWith(OutputCaptureExtension.class)
class GitSkillSourcesTests {

	@TempDir
	Path temp;

	private GitHttpServer server;

	private SkillsGitRepository repository;

	private final List<AutoCloseable> closeables = new ArrayList<>();

	private final List<Outcome> outcomes = Collections.synchronizedList(new ArrayList<>());

	@BeforeEach
	void serveRepository() throws Exception {
		Path served = Files.createDirectories(this.temp.resolve("served"));
		this.repository = new SkillsGitRepository(served, "skills.git", this.temp.resolve("work"));
		this.server = new GitHttpServer(served);
		this.repository.skill("skills/pdf", "Read PDF files").write("skills/pdf/references/GUIDE.md", "guide v1");
		this.repository.skill("skills/csv", "Read CSV files").write("README.md", "not a skill");
	}

	@AfterEach
	void close() throws Exception {
		for (AutoCloseable closeable : this.closeables) {
			closeable.close();
		}
		this.server.close();
		this.repository.close();
	}

	@Test
	void servesThePathAtTheFetchedCommit() throws Exception {
		String commit = this.repository.push("first");
		Instance instance = start("a", settings("main", Duration.ofSeconds(1)));
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.contains("pdf"));
		assertThat(instance.registry.names()).containsExactly("csv", "pdf");
		assertThat(instance.sources.statuses()).singleElement().satisfies((status) -> {
			assertThat(status.revision()).isEqualTo(commit);
			assertThat(status.fetchedAt()).isNotNull();
			assertThat(status.lastError()).isNull();
			assertThat(status.name()).isEqualTo(this.server.uri("skills.git") + "#main:skills");
		});
		assertThat(instance.registry.readFile("pdf", "references/GUIDE.md", 1000)).isEqualTo("guide v1");
		assertThat(instance.sources.sourceOf(instance.registry.get("pdf").get().location()))
			.hasValueSatisfying((status) -> assertThat(status.revision()).isEqualTo(commit));
		// A shallow fetch: the repository records where its history was cut.
		assertThat(Path.of(instance.sources.locations().get(0)).resolveSibling("store").resolve("shallow"))
			.isRegularFile();
	}

	@Test
	void switchKeepsTheWatcherRunning() throws Exception {
		this.repository.push("first");
		SourceRefresher sources = SourceRefresher.create(List.of(new GitSourceFactory(settings("main", Duration.ZERO))),
				SourcesSettings.defaults().withCacheDir(this.temp.resolve("cache-hot")),
				(status) -> this.outcomes.add(status.outcome()));
		SkillsRegistry registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(sources.locations()).hotReload(true).build());
		this.closeables.add(registry);
		this.closeables.add(sources);
		sources.start(registry);
		await().atMost(Duration.ofSeconds(10)).until(() -> registry.contains("pdf"));
		this.repository.skill("skills/docx", "Write Word files").push("second");
		sources.refresh();
		this.repository.skill("skills/xlsx", "Write spreadsheets").push("third");
		sources.refresh();
		await().atMost(Duration.ofSeconds(10)).until(() -> registry.contains("xlsx"));
		assertThat(registry.names()).containsExactly("csv", "docx", "pdf", "xlsx");
		assertThat(registry.isWatching()).isTrue();
	}

	@Test
	void pushesShowUpWithinTheInterval() throws Exception {
		this.repository.push("first");
		Instance instance = start("a", settings("main", Duration.ofSeconds(1)));
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.contains("pdf"));

		String added = this.repository.skill("skills/docx", "Write Word files").push("add docx");
		await().atMost(Duration.ofSeconds(3)).until(() -> instance.registry.contains("docx"));
		assertThat(instance.sources.statuses().get(0).revision()).isEqualTo(added);

		this.repository.skill("skills/pdf", "Read and fill PDF forms").push("change pdf");
		await().atMost(Duration.ofSeconds(3))
			.until(() -> "Read and fill PDF forms".equals(instance.registry.get("pdf").get().description()));

		this.repository.delete("skills/csv").push("remove csv");
		await().atMost(Duration.ofSeconds(3)).until(() -> !instance.registry.contains("csv"));
		assertThat(instance.registry.names()).containsExactly("docx", "pdf");
		assertThat(this.outcomes).contains(Outcome.UPDATED).doesNotContain(Outcome.FAILED, Outcome.BROKEN);
	}

	@Test
	void unchangedRepositoryIsAskedForItsRefNotFetched() throws Exception {
		this.repository.push("first");
		Instance instance = start("a", settings("main", Duration.ZERO));
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.contains("pdf"));
		int fetches = this.server.fetches();

		assertThat(instance.sources.refresh()).singleElement()
			.satisfies((status) -> assertThat(status.outcome()).isEqualTo(Outcome.UNCHANGED));
		assertThat(this.server.fetches()).isEqualTo(fetches);

		String pushed = this.repository.skill("skills/docx", "Write Word files").push("second");
		assertThat(instance.sources.refresh()).singleElement()
			.satisfies((status) -> assertThat(status.revision()).isEqualTo(pushed));
		assertThat(this.server.fetches()).isEqualTo(fetches + 1);
		assertThat(instance.registry.names()).containsExactly("csv", "docx", "pdf");
	}

	@Test
	void keepsOnlyTheServedAndOneSpareRevision() throws Exception {
		String first = this.repository.push("first");
		Instance instance = start("a", settings("main", Duration.ZERO));
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.contains("pdf"));
		String second = this.repository.skill("skills/docx", "Write Word files").push("second");
		instance.sources.refresh();
		String third = this.repository.skill("skills/xlsx", "Write spreadsheets").push("third");
		instance.sources.refresh();
		instance.sources.refresh();
		assertThat(instance.registry.contains("xlsx")).isTrue();
		Path sourceFolder = Path.of(instance.sources.locations().get(0)).getParent();
		try (Stream<Path> children = Files.list(sourceFolder)) {
			assertThat(children.map((child) -> child.getFileName().toString()))
				.containsExactlyInAnyOrder("current", "store", second, third)
				.doesNotContain(first);
		}
	}

	@Test
	void spareUpdateWritesOnlyWhatChanged() throws Exception {
		this.repository.skill("skills/docx", "Write Word files").write("skills/docx/references/OLD.md", "old");
		this.repository.push("first");
		Instance instance = start("a", settings("main", Duration.ZERO));
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.contains("pdf"));
		// The spare is the first revision; the third is written into it.
		String second = this.repository.skill("skills/xlsx", "Write spreadsheets").push("second");
		instance.sources.refresh();
		this.repository.delete("skills/docx")
			.write("skills/pdf/references/GUIDE.md", "guide v2")
			.write("skills/xlsx/references/NEW.md", "new")
			.push("third");
		instance.sources.refresh();

		Path current = Path.of(instance.sources.locations().get(0));
		Path served = current.toRealPath();
		try (Stream<Path> all = Files.walk(served)) {
			assertThat(all.map((path) -> served.relativize(path).toString().replace('\\', '/')))
				.containsExactlyInAnyOrder("", "pdf", "pdf/SKILL.md", "pdf/references", "pdf/references/GUIDE.md",
						"csv", "csv/SKILL.md", "xlsx", "xlsx/SKILL.md", "xlsx/references", "xlsx/references/NEW.md");
		}
		assertThat(instance.registry.names()).containsExactly("csv", "pdf", "xlsx");
		assertThat(instance.registry.readFile("pdf", "references/GUIDE.md", 1000)).isEqualTo("guide v2");
		// Unchanged since the revision served before: the same file, so the registry does
		// not read it again.
		Path spare = current.resolveSibling(second);
		assertThat(Files.isSameFile(current.resolve("xlsx/SKILL.md"), spare.resolve("xlsx/SKILL.md"))).isTrue();
		assertThat(Files.isSameFile(current.resolve("csv/SKILL.md"), spare.resolve("csv/SKILL.md"))).isTrue();
		assertThat(spare.resolve("pdf/references/GUIDE.md")).hasContent("guide v1");
	}

	@Test
	void brokenPushKeepsTheLastGoodRevision(CapturedOutput output) throws Exception {
		String good = this.repository.push("first");
		Instance instance = start("a", settings("main", Duration.ZERO));
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.contains("pdf"));

		String broken = this.repository.write("skills/pdf/SKILL.md", "no frontmatter at all")
			.write("skills/pdf/references/GUIDE.md", "guide v2")
			.push("break pdf");
		SourceStatus status = instance.sources.refresh().get(0);

		assertThat(status.revision()).isEqualTo(good);
		assertThat(status.lastError()).contains(broken).contains("pdf").contains("frontmatter");
		assertThat(this.outcomes).endsWith(Outcome.BROKEN);
		assertThat(output).contains("revision " + broken + " not served").contains("still serving revision " + good);
		assertThat(instance.registry.get("pdf").get().description()).isEqualTo("Read PDF files");
		assertThat(instance.registry.readFile("pdf", "references/GUIDE.md", 1000)).isEqualTo("guide v1");
		assertThat(instance.registry.diagnostics()).singleElement().satisfies((diagnostic) -> {
			assertThat(diagnostic.isError()).isFalse();
			assertThat(diagnostic.message()).contains(broken).contains("still serving revision " + good);
		});

		String fixed = this.repository.skill("skills/pdf", "Read PDF files, fixed").push("fix pdf");
		status = instance.sources.refresh().get(0);
		assertThat(status.revision()).isEqualTo(fixed);
		assertThat(status.lastError()).isNull();
		assertThat(instance.registry.readFile("pdf", "references/GUIDE.md", 1000)).isEqualTo("guide v2");
		assertThat(instance.registry.diagnostics()).isEmpty();
	}

	@Test
	void brokenNewSkillIsServedAndReported() throws Exception {
		this.repository.push("first");
		Instance instance = start("a", settings("main", Duration.ZERO));
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.contains("pdf"));
		String commit = this.repository.write("skills/bad/SKILL.md", "no frontmatter").push("add a broken skill");
		assertThat(instance.sources.refresh().get(0).revision()).isEqualTo(commit);
		assertThat(instance.registry.diagnostics()).anySatisfy((diagnostic) -> {
			assertThat(diagnostic.isError()).isTrue();
			assertThat(diagnostic.file()).contains("bad");
		});
	}

	@Test
	void commitIdIsPinnedAndNeverFetchedAgain() throws Exception {
		String pinned = this.repository.push("first");
		this.repository.skill("skills/docx", "Write Word files").push("second");
		Instance instance = start("a", settings(pinned, Duration.ofMillis(200)));
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.contains("pdf"));
		int requests = this.server.requests();
		this.repository.skill("skills/xlsx", "Write spreadsheets").push("third");

		SourceStatus status = instance.sources.refresh().get(0);

		assertThat(status.revision()).isEqualTo(pinned);
		assertThat(status.outcome()).isEqualTo(Outcome.UNCHANGED);
		assertThat(instance.registry.names()).containsExactly("csv", "pdf");
		assertThat(this.server.requests()).isEqualTo(requests);
	}

	@Test
	void tagServesItsCommit() throws Exception {
		String tagged = this.repository.push("first");
		this.repository.tag("v1");
		this.repository.skill("skills/docx", "Write Word files").push("second");
		Instance instance = start("a", settings("v1", Duration.ZERO));
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.contains("pdf"));
		assertThat(instance.sources.statuses().get(0).revision()).isEqualTo(tagged);
		assertThat(instance.registry.contains("docx")).isFalse();
	}

	@Test
	void unreachableHostNeverLoadsAndSaysWhy() throws Exception {
		GitSourceSettings unreachable = new GitSourceSettings("http://127.0.0.1:1/skills.git", "main", "skills",
				Duration.ZERO, null, null);
		Instance instance = start("a", unreachable);
		// The listener hears of the fetch after its status is set.
		await().atMost(Duration.ofSeconds(10)).until(() -> !this.outcomes.isEmpty());
		SourceStatus status = instance.sources.statuses().get(0);
		assertThat(status.loaded()).isFalse();
		assertThat(status.lastError()).startsWith("fetch failed: ").contains("127.0.0.1:1");
		assertThat(this.outcomes).containsExactly(Outcome.FAILED);
		assertThat(instance.registry.size()).isZero();
		// The registry says so too, once the report reaches it.
		await().atMost(Duration.ofSeconds(10))
			.until(() -> instance.registry.diagnostics().stream().anyMatch(SkillDiagnostic::isError));
		assertThat(instance.registry.diagnostics()).filteredOn(SkillDiagnostic::isError)
			.singleElement()
			.satisfies((diagnostic) -> {
				assertThat(diagnostic.file()).isEqualTo(status.name());
				assertThat(diagnostic.message()).contains("fetch failed").contains("nothing served yet");
			});
	}

	@Test
	void silentServerTimesOutAndKeepsTheRevision(CapturedOutput output) throws Exception {
		String good = this.repository.push("first");
		Instance instance = start(settings("main", Duration.ZERO), Duration.ofSeconds(1));
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.contains("pdf"));
		this.repository.skill("skills/docx", "Write Word files").push("second");
		this.server.stopAnswering();

		long start = System.nanoTime();
		CompletableFuture<List<SourceStatus>> refresh = CompletableFuture.supplyAsync(instance.sources::refresh);
		// While the fetch waits, a chat request reads the registry as before.
		assertThat(instance.registry.readFile("pdf", "references/GUIDE.md", 1000)).isEqualTo("guide v1");
		SourceStatus status = refresh.get().get(0);

		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(3000));
		assertThat(status.revision()).isEqualTo(good);
		assertThat(status.lastError()).startsWith("fetch failed: ").contains("timeout of 1000 ms");
		assertThat(instance.registry.names()).containsExactly("csv", "pdf");
		assertThat(this.outcomes).endsWith(Outcome.FAILED);
		assertThat(output).contains("still serving revision " + good);
	}

	@Test
	void startUpDoesNotWaitForASilentServer(CapturedOutput output) throws Exception {
		this.repository.push("first");
		this.server.stopAnswering();
		long start = System.nanoTime();
		Instance instance = start(settings("main", Duration.ZERO), Duration.ofSeconds(1));
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofMillis(900));
		await().atMost(Duration.ofSeconds(10)).until(() -> !this.outcomes.isEmpty());
		assertThat(instance.sources.statuses().get(0).lastError()).contains("timeout of 1000 ms");
		assertThat(output).contains("nothing served yet");
	}

	@Test
	void wrongCredentialsFailWithoutShowingThem() throws Exception {
		this.repository.push("first");
		this.server.requireCredentials("bot", "right-token");
		GitSourceSettings wrong = new GitSourceSettings(this.server.uri("skills.git"), "main", "skills", Duration.ZERO,
				"bot", "wrong-token");
		Instance instance = start("a", wrong);
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.sources.statuses().get(0).lastError() != null);
		SourceStatus status = instance.sources.statuses().get(0);
		assertThat(status.loaded()).isFalse();
		assertThat(status.lastError()).containsIgnoringCase("not authorized").doesNotContain("wrong-token");
		assertThat(wrong.toString()).doesNotContain("wrong-token");

		GitSourceSettings right = new GitSourceSettings(this.server.uri("skills.git"), "main", "skills", Duration.ZERO,
				"bot", "right-token");
		Instance other = start("b", right);
		await().atMost(Duration.ofSeconds(10)).until(() -> other.registry.contains("pdf"));
	}

	@Test
	void twoRegistriesServeThePushedCommit() throws Exception {
		this.repository.push("first");
		Instance a = start("a", settings("main", Duration.ofSeconds(1)));
		Instance b = start("b", settings("main", Duration.ofSeconds(1)));
		await().atMost(Duration.ofSeconds(10)).until(() -> a.registry.contains("pdf") && b.registry.contains("pdf"));
		String pushed = this.repository.skill("skills/docx", "Write Word files").push("add docx");
		await().atMost(Duration.ofSeconds(3))
			.until(() -> pushed.equals(a.sources.statuses().get(0).revision())
					&& pushed.equals(b.sources.statuses().get(0).revision()));
		assertThat(a.registry.names()).isEqualTo(b.registry.names()).contains("docx");
	}

	@Test
	void linksAreNotCheckedOut() throws Exception {
		Path secret = Files.writeString(this.temp.resolve("secret.txt"), "secret");
		this.repository.link("skills/pdf/references/SECRET.md", secret.toString())
			.link("skills/evil", this.temp.toString())
			.push("links");
		Instance instance = start("a", settings("main", Duration.ZERO));
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.contains("pdf"));
		assertThat(instance.registry.snapshot().files("pdf")).containsExactly("references/GUIDE.md");
		assertThat(Path.of(instance.sources.locations().get(0)).resolve("evil")).doesNotExist();
	}

	@Test
	void tooManyFilesAreNotServed() throws Exception {
		this.repository.push("first");
		SourcesSettings tight = new SourcesSettings(this.temp.resolve("cache-a"), Duration.ofSeconds(10), 2, 1_000_000);
		SourceRefresher sources = SourceRefresher.create(List.of(new GitSourceFactory(settings("main", Duration.ZERO))),
				tight, (status) -> this.outcomes.add(status.outcome()));
		this.closeables.add(sources);
		SourceStatus status = sources.refresh().get(0);
		assertThat(status.loaded()).isFalse();
		assertThat(status.lastError()).contains("more than 2 files");
	}

	@Test
	void modelTextNeverNamesTheCacheFolder() throws Exception {
		this.repository.push("first");
		Instance instance = start("a", settings("main", Duration.ZERO));
		await().atMost(Duration.ofSeconds(10)).until(() -> instance.registry.contains("pdf"));
		String cache = this.temp.resolve("cache-a").toString();
		assertThat(instance.registry.buildCatalog()).contains("pdf").doesNotContain(cache);
		assertThatExceptionOfType(SkillResourceException.class)
			.isThrownBy(() -> instance.registry.readFile("pdf", "references/MISSING.md", 1000))
			.withMessageNotContaining(cache)
			.withMessageNotContaining(this.temp.toString());
		assertThatExceptionOfType(SkillResourceException.class)
			.isThrownBy(() -> instance.registry.readFile("pdf", "../../../../etc/passwd", 1000))
			.withMessageNotContaining(cache)
			.withMessageNotContaining(this.temp.toString());
	}

	private GitSourceSettings settings(String ref, Duration interval) {
		return new GitSourceSettings(this.server.uri("skills.git"), ref, "skills", interval, null, null);
	}

	private Instance start(String name, GitSourceSettings source) {
		return start(source, SourcesSettings.defaults().withCacheDir(this.temp.resolve("cache-" + name)));
	}

	private Instance start(GitSourceSettings source, Duration timeout) {
		return start(source, new SourcesSettings(this.temp.resolve("cache-t"), timeout, 10_000, 1_000_000));
	}

	private Instance start(GitSourceSettings source, SourcesSettings settings) {
		SourceRefresher sources = SourceRefresher.create(List.of(new GitSourceFactory(source)), settings,
				(status) -> this.outcomes.add(status.outcome()));
		SkillsRegistry registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(sources.locations()).hotReload(false).build());
		this.closeables.add(registry);
		this.closeables.add(sources);
		sources.start(registry);
		return new Instance(sources, registry);
	}

	private record Instance(SourceRefresher sources, SkillsRegistry registry) {
	}

}
