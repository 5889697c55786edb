package dev.skills.sources.git;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Predicate;
import java.util.stream.Stream;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.registry.SkillsRegistry;
import dev.skills.sources.SkillSource;
import dev.skills.sources.SourceRefresher;
import dev.skills.sources.SourceStatus;
import dev.skills.sources.SourceStatus.Outcome;
import dev.skills.sources.SourcesSettings;
import dev.skills.sources.test.GitHttpServer;
import dev.skills.sources.test.IndexHttpServer;
import dev.skills.sources.test.SkillsGitRepository;
import org.eclipse.jgit.lib.CommitBuilder;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.FileMode;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.RefUpdate;
import org.eclipse.jgit.lib.Repository;
import org.eclipse.jgit.lib.TreeFormatter;
import org.eclipse.jgit.revwalk.RevCommit;
import org.eclipse.jgit.revwalk.RevWalk;
import org.eclipse.jgit.storage.file.FileRepositoryBuilder;
import org.eclipse.jgit.treewalk.TreeWalk;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Git sources against hostile servers and repositories on loopback, {@code 127.0.0.2}
 * playing another host: redirects elsewhere, a server that sends one byte a second,
 * force-pushes far over {@code max-size}, and trees with bad entries.
 */
class GitSourceGuardTests {

	private static final long MB = 1024 * 1024;

	@TempDir
	Path temp;

	private GitHttpServer server;

	private SkillsGitRepository repository;

	private final List<AutoCloseable> closeables = new ArrayList<>();

	private final List<SourceStatus> fetches = new CopyOnWriteArrayList<>();

	@BeforeEach
	void serveRepository() throws Exception {
		Path served = Files.createDirectories(this.temp.resolve("served"));
		this.repository = new SkillsGitRepository(served, "skills.git", this.temp.resolve("work"));
		this.server = new GitHttpServer(served);
		this.repository.skill("skills/pdf", "Read PDF files").skill("skills/csv", "Read CSV files");
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
	void redirectElsewhereGetsNoRequest() throws Exception {
		this.repository.push("first");
		IndexHttpServer elsewhere = new IndexHttpServer("127.0.0.2");
		this.closeables.add(elsewhere);
		elsewhere.challenge();
		this.server.redirectTo(elsewhere.url(""));
		GitSourceSettings source = new GitSourceSettings(this.server.uri("skills.git"), "main", "skills", Duration.ZERO,
				"bot", "s3cret-token");

		SourceStatus status = refresher(settings(Duration.ofSeconds(10), 10 * MB), source).refresh().get(0);

		assertThat(status.loaded()).isFalse();
		assertThat(status.lastError()).contains("refused").doesNotContain("s3cret-token");
		assertThat(elsewhere.requests()).isEmpty();
	}

	@Test
	void slowServerFailsAtTheDeadline() throws Exception {
		this.repository.push("first");
		this.server.trickle();
		SourceRefresher sources = refresher(settings(Duration.ofSeconds(2), 10 * MB), settings("main"));

		long start = System.nanoTime();
		SourceStatus status = sources.refresh().get(0);

		// One byte a second never trips a read timeout; the deadline bounds the fetch.
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(8));
		assertThat(status.outcome()).isEqualTo(Outcome.FAILED);
		assertThat(status.lastError()).contains("timeout of 2000 ms");
	}

	@Test
	void slowServerDelaysNoOtherSource() throws Exception {
		this.repository.push("first");
		Path slowServed = Files.createDirectories(this.temp.resolve("slow"));
		GitHttpServer slow = new GitHttpServer(slowServed);
		this.closeables.add(slow);
		slow.trickle();
		GitSourceSettings stuck = new GitSourceSettings(slow.uri("skills.git"), "main", "", Duration.ZERO, null, null);
		GitSourceSettings healthy = new GitSourceSettings(this.server.uri("skills.git"), "main", "skills",
				Duration.ofMillis(100), null, null);
		SourceRefresher sources = SourceRefresher.create(
				List.of(new GitSourceFactory(stuck), new GitSourceFactory(healthy)),
				settings(Duration.ofSeconds(60), 10 * MB), this.fetches::add);
		SkillsRegistry registry = registry(sources);
		sources.start(registry);

		await().atMost(Duration.ofSeconds(30)).until(() -> fetchesOf(healthy) >= 3);
		assertThat(registry.names()).containsExactly("csv", "pdf");
		assertThat(this.fetches).noneMatch((status) -> status.name().startsWith(slow.uri("skills.git")));

		long start = System.nanoTime();
		sources.close();
		assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
		await().atMost(Duration.ofSeconds(5))
			.until(() -> Thread.getAllStackTraces()
				.keySet()
				.stream()
				.noneMatch((thread) -> thread.getName().startsWith("skills-source-") && thread.isAlive()));
	}

	@Test
	void forcePushesOverHttpKeepTheCacheSmall() throws Exception {
		forcePushesKeepTheCacheSmall(this.server.uri("skills.git"), "more than " + 4 * MB + " bytes");
	}

	@Test
	void forcePushesOverFileKeepTheCacheSmall() throws Exception {
		forcePushesKeepTheCacheSmall(this.temp.resolve("served/skills.git").toUri().toString(),
				"brought more than " + 4 * MB + " bytes");
	}

	private void forcePushesKeepTheCacheSmall(String uri, String refusal) throws Exception {
		String good = this.repository.push("first");
		GitSourceSettings source = new GitSourceSettings(uri, "main", "skills", Duration.ZERO, null, null);
		SourcesSettings settings = settings(Duration.ofSeconds(60), 4 * MB);
		SourceRefresher sources = refresher(settings, source);
		assertThat(sources.refresh().get(0).revision()).isEqualTo(good);
		Random random = new Random(42);
		Path large = Files.createDirectories(this.repository.workTree().resolve("skills/pdf/assets"))
			.resolve("large.bin");
		for (int push = 0; push < 4; push++) {
			byte[] bytes = new byte[(int) (16 * MB)];
			random.nextBytes(bytes);
			Files.write(large, bytes);
			this.repository.forcePush("large " + push);
			SourceStatus status = sources.refresh().get(0);
			assertThat(status.revision()).isEqualTo(good);
			assertThat(status.lastError()).contains(refusal);
		}
		assertThat(size(settings.cacheDir())).isLessThan(2 * 4 * MB);
	}

	@Test
	void duplicateEntrySkipsOnlyItsSkill() throws Exception {
		this.repository.push("first");
		String commit = commitBadTree((inserter) -> {
			TreeFormatter dup = new TreeFormatter();
			dup.append("SKILL.md", FileMode.REGULAR_FILE, blob(inserter, skillMd("dup", "First")));
			dup.append("SKILL.md", FileMode.REGULAR_FILE, blob(inserter, skillMd("dup", "Second")));
			return inserter.insert(dup);
		});
		Instance instance = start();

		assertThat(instance.sources.statuses().get(0).revision()).isEqualTo(commit);
		assertThat(instance.registry.names()).containsExactly("csv", "pdf");
		assertWarned(instance, (message) -> message.contains("skill folder 'dup' left out")
				&& message.contains("'SKILL.md' is a second entry of one path"));
	}

	@Test
	void deepPathSkipsOnlyItsSkill() throws Exception {
		this.repository.push("first");
		String commit = commitBadTree((inserter) -> {
			TreeFormatter leaf = new TreeFormatter();
			leaf.append("NOTES.md", FileMode.REGULAR_FILE, blob(inserter, "deep down"));
			ObjectId tree = inserter.insert(leaf);
			for (int depth = 0; depth < 2000; depth++) {
				TreeFormatter parent = new TreeFormatter();
				parent.append("a", FileMode.TREE, tree);
				tree = inserter.insert(parent);
			}
			TreeFormatter deep = new TreeFormatter();
			deep.append("SKILL.md", FileMode.REGULAR_FILE, blob(inserter, skillMd("dup", "Deep")));
			deep.append("a", FileMode.TREE, tree);
			return inserter.insert(deep);
		});
		Instance instance = start();

		assertThat(instance.sources.statuses().get(0).revision()).isEqualTo(commit);
		assertThat(instance.sources.statuses().get(0).lastError()).isNull();
		assertThat(instance.registry.names()).containsExactly("csv", "pdf");
		assertWarned(instance, (message) -> message.contains("skill folder 'dup' left out")
				&& message.contains("is deeper than 32 folders"));
	}

	private Instance start() {
		SourceRefresher sources = refresher(settings(Duration.ofSeconds(30), 10 * MB), settings("main"));
		SkillsRegistry registry = registry(sources);
		sources.start(registry);
		await().atMost(Duration.ofSeconds(20)).until(() -> registry.contains("pdf"));
		return new Instance(sources, registry);
	}

	// Every warning names the skill, bounded, never the cache folder.
	private void assertWarned(Instance instance, Predicate<String> warning) {
		await().atMost(Duration.ofSeconds(10))
			.until(() -> instance.registry.diagnostics().stream().map(SkillDiagnostic::message).anyMatch(warning));
		assertThat(instance.registry.diagnostics()).allSatisfy((diagnostic) -> {
			assertThat(diagnostic.message()).hasSizeLessThanOrEqualTo(2000).doesNotContain(this.temp.toString());
			assertThat(diagnostic.file()).doesNotContain(this.temp.toString());
		});
	}

	// A commit on main whose skills folder holds the repository's skills and one more,
	// "dup", whose tree the caller builds as no git client would.
	private String commitBadTree(TreeBuilder bad) throws IOException {
		try (Repository bare = new FileRepositoryBuilder().setGitDir(this.temp.resolve("served/skills.git").toFile())
			.setBare()
			.build(); ObjectInserter inserter = bare.newObjectInserter(); RevWalk walk = new RevWalk(bare)) {
			RevCommit head = walk.parseCommit(bare.resolve("refs/heads/main"));
			TreeFormatter skills = new TreeFormatter();
			skills.append("csv", FileMode.TREE, subtree(bare, head, "skills/csv"));
			skills.append("dup", FileMode.TREE, bad.build(inserter));
			skills.append("pdf", FileMode.TREE, subtree(bare, head, "skills/pdf"));
			TreeFormatter root = new TreeFormatter();
			root.append("skills", FileMode.TREE, inserter.insert(skills));
			CommitBuilder commit = new CommitBuilder();
			commit.setTreeId(inserter.insert(root));
			commit.setParentId(head);
			PersonIdent author = new PersonIdent("test", "test@example.com");
			commit.setAuthor(author);
			commit.setCommitter(author);
			commit.setMessage("a tree no git client writes");
			ObjectId id = inserter.insert(commit);
			inserter.flush();
			RefUpdate update = bare.updateRef("refs/heads/main");
			update.setNewObjectId(id);
			update.setForceUpdate(true);
			update.update();
			return id.name();
		}
	}

	private static ObjectId subtree(Repository repository, RevCommit commit, String path) throws IOException {
		try (TreeWalk walk = TreeWalk.forPath(repository, path, commit.getTree())) {
			return walk.getObjectId(0);
		}
	}

	private static ObjectId blob(ObjectInserter inserter, String text) throws IOException {
		return inserter.insert(Constants.OBJ_BLOB, text.getBytes(StandardCharsets.UTF_8));
	}

	private static String skillMd(String name, String description) {
		return "---\nname: " + name + "\ndescription: " + description + "\n---\nBody\n";
	}

	private long fetchesOf(GitSourceSettings source) {
		return this.fetches.stream()
			.filter((status) -> status.name().equals(GitSkillSource.displayName(source)))
			.filter((status) -> status.outcome() == Outcome.UPDATED || status.outcome() == Outcome.UNCHANGED)
			.count();
	}

	private GitSourceSettings settings(String ref) {
		return new GitSourceSettings(this.server.uri("skills.git"), ref, "skills", Duration.ZERO, null, null);
	}

	private SourcesSettings settings(Duration timeout, long maxBytes) {
		return new SourcesSettings(this.temp.resolve("cache"), timeout, 10_000, maxBytes);
	}

	private SourceRefresher refresher(SourcesSettings settings, GitSourceSettings source) {
		SourceRefresher sources = SourceRefresher.create(List.<SkillSource.Factory>of(new GitSourceFactory(source)),
				settings, this.fetches::add);
		this.closeables.add(0, sources);
		return sources;
	}

	private SkillsRegistry registry(SourceRefresher sources) {
		SkillsRegistry registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(sources.locations()).hotReload(false).build());
		this.closeables.add(registry);
		if (!this.closeables.contains(sources)) {
			this.closeables.add(0, sources);
		}
		return registry;
	}

	private static long size(Path folder) throws IOException {
		try (Stream<Path> files = Files.walk(folder)) {
			return files.filter(Files::isRegularFile).mapToLong((file) -> file.toFile().length()).sum();
		}
	}

	@FunctionalInterface
	private interface TreeBuilder {

		ObjectId build(ObjectInserter inserter) throws IOException;

	}

	private record Instance(SourceRefresher sources, SkillsRegistry registry) {
	}

}
