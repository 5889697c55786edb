package dev.skills.core.registry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import java.util.stream.Collectors;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.SkillMeta;
import dev.skills.core.SkillsThreads;
import org.awaitility.core.ThrowingRunnable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.util.FileSystemUtils;

import static dev.skills.test.SkillFixtures.rawSkill;
import static dev.skills.test.SkillFixtures.skill;
import static dev.skills.test.SkillFixtures.skillMd;
import static dev.skills.test.SkillFixtures.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Hot reload: file changes in watched folders reach the registry and its listeners, with
 * native file events and with polling (how soon is measured in the benchmarks).
 */
class SkillsRegistryHotReloadTests {

	// What a change may take to show, on a loaded machine; waits end as soon as it shows.
	private static final Duration WITHIN = Duration.ofSeconds(10);

	@TempDir
	Path root;

	private final List<SkillsRegistry> registries = new CopyOnWriteArrayList<>();

	private final List<SkillsChange> changes = new CopyOnWriteArrayList<>();

	@AfterEach
	void closeRegistries() {
		this.registries.forEach(SkillsRegistry::close);
	}

	private SkillsRegistry watch(SkillConfig.Builder config) {
		SkillsRegistry registry = SkillsRegistry.create(config.hotReload(true).build());
		this.registries.add(registry);
		assertThat(registry.isWatching()).isTrue();
		registry.addListener(this.changes::add);
		return registry;
	}

	private SkillsRegistry watch(Path... locations) {
		return watch(SkillConfig.builder().skillsDir(List.of(locations).stream().map(Path::toString).toList()));
	}

	private static void within(ThrowingRunnable assertion) {
		await().atMost(WITHIN).pollInterval(Duration.ofMillis(20)).untilAsserted(assertion);
	}

	private Set<String> all(Function<SkillsChange, Set<String>> names) {
		return this.changes.stream()
			.flatMap((change) -> names.apply(change).stream())
			.collect(Collectors.toCollection(TreeSet::new));
	}

	private static String description(SkillsRegistry registry, String name) {
		return registry.get(name).map(SkillMeta::description).orElse(null);
	}

	private static List<SkillDiagnostic> errors(SkillsRegistry registry) {
		return registry.diagnostics().stream().filter(SkillDiagnostic::isError).toList();
	}

	@Test
	void createdSkillIsAdded() {
		Path skills = this.root.resolve("skills");
		skill(skills, "alpha");
		SkillsRegistry registry = watch(skills);

		skill(skills, "gamma");

		within(() -> assertThat(registry.names()).containsExactly("alpha", "gamma"));
		within(() -> assertThat(all(SkillsChange::added)).containsExactly("gamma"));
		assertThat(all(SkillsChange::changed)).isEmpty();
		assertThat(all(SkillsChange::removed)).isEmpty();
		assertThat(registry.snapshot().load("gamma").instructions()).isEqualTo("Instructions of gamma.");
	}

	@Test
	void bigSkillLeavesWatchesForOthers() throws Exception {
		Path skills = this.root.resolve("skills");
		Path crowded = skill(skills, "crowded");
		for (int i = 0; i < 300; i++) {
			Files.createDirectories(crowded.resolve("empty/e%03d".formatted(i)));
		}
		Files.createDirectories(skills.resolve("category"));
		SkillsRegistry registry = watch(SkillConfig.builder().skillsDir(skills.toString()).discoveryMaxDirectories(20));

		skill(skills.resolve("category"), "late");

		within(() -> assertThat(registry.names()).containsExactly("crowded", "late"));
		assertThat(registry.diagnostics()).extracting(SkillDiagnostic::message)
			.noneMatch((message) -> message.startsWith("Stopped watching"));
	}

	@Test
	void closeLeavesNoThread() throws Exception {
		Set<Thread> before = SkillsThreads.live();
		Path skills = this.root.resolve("skills");
		skill(skills, "alpha");
		for (SkillConfig.Builder config : List.of(SkillConfig.builder(),
				SkillConfig.builder().pollInterval(Duration.ofMillis(50)))) {
			SkillsRegistry registry = SkillsRegistry
				.create(config.skillsDir(skills.toString()).hotReload(true).build());
			registry.snapshot().load("alpha");
			skill(skills, "beta");
			within(() -> assertThat(registry.names()).contains("beta"));
			registry.close();
			Files.delete(skills.resolve("beta/SKILL.md"));
			Files.delete(skills.resolve("beta"));
		}
		assertThat(SkillsThreads.leftSince(before)).isEmpty();
	}

	@Test
	void editedSkillIsChanged() {
		Path skills = this.root.resolve("skills");
		Path alpha = skill(skills, "alpha");
		skill(skills, "beta");
		SkillsRegistry registry = watch(skills);
		SkillMeta beta = registry.get("beta").orElseThrow();

		write(alpha.resolve("SKILL.md"), skillMd("alpha", "Edited description.", "Edited body."));

		within(() -> assertThat(description(registry, "alpha")).isEqualTo("Edited description."));
		assertThat(registry.snapshot().load("alpha").instructions()).isEqualTo("Edited body.");
		within(() -> assertThat(all(SkillsChange::changed)).containsExactly("alpha"));
		assertThat(all(SkillsChange::added)).isEmpty();
		assertThat(all(SkillsChange::removed)).isEmpty();
		assertThat(registry.get("beta").orElseThrow()).isSameAs(beta);
	}

	@Test
	void brokenEditKeepsLastGoodVersion() {
		Path skills = this.root.resolve("skills");
		Path alpha = rawSkill(skills, "alpha", skillMd("alpha", "Good description.", "Good body."));
		SkillsRegistry registry = watch(skills);
		Path skillFile = alpha.resolve("SKILL.md");

		write(skillFile, brokenSkillMd("alpha"));

		within(() -> assertThat(errors(registry)).extracting(SkillDiagnostic::message)
			.anySatisfy((message) -> assertThat(message).startsWith("Invalid YAML in frontmatter"))
			.anySatisfy((message) -> assertThat(message).contains("keeping the last good version of 'alpha'")));
		assertThat(errors(registry)).allSatisfy((error) -> assertThat(error.file()).isEqualTo(skillFile.toString()));
		assertThat(registry.names()).containsExactly("alpha");
		assertThat(description(registry, "alpha")).isEqualTo("Good description.");
		assertThat(registry.buildCatalog()).contains("<description>Good description.</description>");
		within(() -> assertThat(all(SkillsChange::changed)).containsExactly("alpha"));
		assertThat(all(SkillsChange::removed)).isEmpty();

		write(skillFile, skillMd("alpha", "Fixed description.", "Fixed body."));

		within(() -> assertThat(description(registry, "alpha")).isEqualTo("Fixed description."));
		assertThat(registry.diagnostics()).isEmpty();
		assertThat(registry.snapshot().load("alpha").instructions()).isEqualTo("Fixed body.");
		assertThat(all(SkillsChange::removed)).isEmpty();
		assertThat(all(SkillsChange::added)).isEmpty();
	}

	@Test
	void newBrokenSkillIsOnlyAnError() {
		Path skills = this.root.resolve("skills");
		skill(skills, "alpha");
		SkillsRegistry registry = watch(skills);

		Path broken = write(skills.resolve("broken/SKILL.md"), brokenSkillMd("broken"));

		within(() -> assertThat(errors(registry)).singleElement()
			.extracting(SkillDiagnostic::file)
			.isEqualTo(broken.toString()));
		assertThat(registry.names()).containsExactly("alpha");
		assertThat(all(SkillsChange::added)).isEmpty();
	}

	@Test
	void deletedSkillIsRemoved() {
		Path skills = this.root.resolve("skills");
		Path alpha = skill(skills, "alpha");
		write(alpha.resolve("scripts/run.py"), "print('alpha')\n");
		skill(skills, "beta");
		SkillsRegistry registry = watch(skills);

		FileSystemUtils.deleteRecursively(alpha.toFile());

		within(() -> assertThat(registry.names()).containsExactly("beta"));
		within(() -> assertThat(all(SkillsChange::removed)).containsExactly("alpha"));
		assertThat(all(SkillsChange::added)).isEmpty();
		assertThat(all(SkillsChange::changed)).isEmpty();
	}

	@Test
	void renamedFolderIsFollowed() throws Exception {
		Path skills = this.root.resolve("skills");
		Path alpha = skill(skills, "alpha");
		write(alpha.resolve("notes.txt"), "alpha notes\n");
		skill(skills, "beta");
		SkillsRegistry registry = watch(skills);
		Path renamed = skills.resolve("alpha-renamed");

		Files.move(alpha, renamed);

		within(() -> assertThat(registry.get("alpha")).get()
			.extracting(SkillMeta::baseDirectory)
			.isEqualTo(renamed.toString()));
		assertThat(registry.names()).containsExactly("alpha", "beta");
		assertThat(registry.diagnostics()).noneSatisfy((d) -> assertThat(d.message()).contains("shadowed"));
		assertThat(registry.snapshot().readFile("alpha", "notes.txt", 100)).isEqualTo("alpha notes\n");
		assertThat(all(SkillsChange::changed)).doesNotContain("beta");
		assertThat(all(SkillsChange::removed)).doesNotContain("beta");

		write(renamed.resolve("SKILL.md"), skillMd("alpha", "Edited after the rename.", "body"));

		within(() -> assertThat(description(registry, "alpha")).isEqualTo("Edited after the rename."));
	}

	@Test
	void renameToNewNameSwapsNames() throws Exception {
		Path skills = this.root.resolve("skills");
		// No name in the frontmatter: the folder names the skill.
		Path alpha = write(skills.resolve("alpha/SKILL.md"), "---\ndescription: Named by its folder.\n---\nbody\n")
			.getParent();
		SkillsRegistry registry = watch(skills);
		assertThat(registry.names()).containsExactly("alpha");

		Files.move(alpha, skills.resolve("omega"));

		within(() -> assertThat(registry.names()).containsExactly("omega"));
		within(() -> assertThat(all(SkillsChange::removed)).containsExactly("alpha"));
		within(() -> assertThat(all(SkillsChange::added)).containsExactly("omega"));
	}

	@Test
	void newCategoryFolderSkillAppears() throws Exception {
		Path skills = this.root.resolve("skills");
		skill(skills, "alpha");
		SkillsRegistry registry = watch(skills);

		Files.createDirectories(skills.resolve("category/sub"));
		skill(skills.resolve("category/sub"), "nested");
		skill(skills.resolve("category"), "sibling");

		within(() -> assertThat(registry.names()).containsExactly("alpha", "nested", "sibling"));
		within(() -> assertThat(all(SkillsChange::added)).containsExactly("nested", "sibling"));

		// The new folders are watched too.
		write(skills.resolve("category/sub/nested/SKILL.md"), skillMd("nested", "Edited nested.", "body"));
		within(() -> assertThat(description(registry, "nested")).isEqualTo("Edited nested."));
	}

	@Test
	void lateLocationLoadsAndClearsWarning() {
		Path skills = this.root.resolve("skills");
		skill(skills, "alpha");
		Path later = this.root.resolve("not-yet/later");
		SkillsRegistry registry = watch(skills, later);
		assertThat(registry.diagnostics())
			.containsExactly(SkillDiagnostic.warning(later.toString(), null, "Skill location does not exist"));

		skill(later, "delta");

		within(() -> assertThat(registry.names()).containsExactly("alpha", "delta"));
		within(() -> assertThat(registry.diagnostics()).isEmpty());
		within(() -> assertThat(all(SkillsChange::added)).containsExactly("delta"));

		skill(later, "epsilon");
		within(() -> assertThat(registry.names()).containsExactly("alpha", "delta", "epsilon"));
	}

	@Test
	void deletedLocationIsMissingUntilBack() {
		Path skills = this.root.resolve("skills");
		skill(skills, "alpha");
		Path other = this.root.resolve("other");
		skill(other, "beta");
		SkillsRegistry registry = watch(skills, other);

		FileSystemUtils.deleteRecursively(other.toFile());

		within(() -> assertThat(registry.names()).containsExactly("alpha"));
		within(() -> assertThat(registry.diagnostics())
			.containsExactly(SkillDiagnostic.warning(other.toString(), null, "Skill location does not exist")));

		skill(other, "beta");

		within(() -> assertThat(registry.names()).containsExactly("alpha", "beta"));
		within(() -> assertThat(registry.diagnostics()).isEmpty());
	}

	@Test
	void bundledFileEditChangesNoSkill() {
		Path skills = this.root.resolve("skills");
		Path alpha = skill(skills, "alpha");
		write(alpha.resolve("notes.txt"), "first\n");
		SkillsRegistry registry = watch(skills);

		write(alpha.resolve("notes.txt"), "second\n");
		assertThat(registry.snapshot().readFile("alpha", "notes.txt", 100)).isEqualTo("second\n");
		// A later change shows the watcher has handled the first one by then.
		skill(skills, "marker");

		within(() -> assertThat(registry.names()).contains("marker"));
		within(() -> assertThat(all(SkillsChange::added)).containsExactly("marker"));
		assertThat(all(SkillsChange::changed)).isEmpty();
	}

	@Test
	void nodeModulesSkillsAreNotLoaded() throws Exception {
		Path skills = this.root.resolve("skills");
		skill(skills, "alpha");
		SkillsRegistry registry = watch(skills);

		skill(skills.resolve("node_modules/some-package"), "packaged");
		skill(skills.resolve(".cache"), "cached");
		// A later change shows the watcher has handled the first ones by then: events
		// arrive in order.
		skill(skills, "marker");

		within(() -> assertThat(registry.names()).contains("marker"));
		assertThat(registry.names()).containsExactly("alpha", "marker");
		within(() -> assertThat(all(SkillsChange::added)).containsExactly("marker"));
	}

	@Test
	void shadowedSkillTakesOver() {
		Path first = this.root.resolve("first");
		Path second = this.root.resolve("second");
		Path winner = rawSkill(first, "shared", skillMd("shared", "From first.", "first body"));
		rawSkill(second, "shared", skillMd("shared", "From second.", "second body"));
		SkillsRegistry registry = watch(first, second);
		assertThat(registry.diagnostics()).singleElement()
			.extracting(SkillDiagnostic::message)
			.asString()
			.contains("shadowed");

		FileSystemUtils.deleteRecursively(winner.toFile());

		within(() -> assertThat(description(registry, "shared")).isEqualTo("From second."));
		assertThat(registry.diagnostics()).isEmpty();
		assertThat(registry.snapshot().load("shared").instructions()).isEqualTo("second body");
		within(() -> assertThat(all(SkillsChange::changed)).containsExactly("shared"));
		assertThat(all(SkillsChange::removed)).isEmpty();
	}

	@Test
	void pollingSeesCreateAndEdit() {
		Path skills = this.root.resolve("skills");
		Path alpha = skill(skills, "alpha");
		SkillsRegistry registry = watch(
				SkillConfig.builder().skillsDir(skills.toString()).pollInterval(Duration.ofMillis(200)));

		skill(skills, "gamma");
		within(() -> assertThat(registry.names()).containsExactly("alpha", "gamma"));

		write(alpha.resolve("SKILL.md"), skillMd("alpha", "Edited while polling.", "body"));
		within(() -> assertThat(description(registry, "alpha")).isEqualTo("Edited while polling."));

		within(() -> assertThat(all(SkillsChange::added)).containsExactly("gamma"));
		within(() -> assertThat(all(SkillsChange::changed)).containsExactly("alpha"));
	}

	@Test
	void closeStopsWatching() throws Exception {
		assertWatcherThreadStopsOnClose(SkillConfig.builder());
	}

	@Test
	void closeStopsPolling() throws Exception {
		assertWatcherThreadStopsOnClose(SkillConfig.builder().pollInterval(Duration.ofMillis(100)));
	}

	private void assertWatcherThreadStopsOnClose(SkillConfig.Builder config) throws Exception {
		Path skills = this.root.resolve("skills");
		skill(skills, "alpha");
		Set<Thread> before = watcherThreads();
		SkillsRegistry registry = watch(config.skillsDir(skills.toString()));
		// The polling thread starts on its first run.
		within(() -> assertThat(watcherThreads()).hasSizeGreaterThan(before.size()));

		registry.close();

		assertThat(registry.isWatching()).isFalse();
		within(() -> assertThat(watcherThreads()).isSubsetOf(before));
		skill(skills, "after-close");
		await().during(Duration.ofMillis(500))
			.atMost(WITHIN)
			.untilAsserted(() -> assertThat(registry.names()).containsExactly("alpha"));
	}

	private static Set<Thread> watcherThreads() {
		return Thread.getAllStackTraces()
			.keySet()
			.stream()
			.filter((thread) -> thread.getName().startsWith("skills-watcher") && thread.isAlive())
			.collect(Collectors.toSet());
	}

	@Test
	void hotReloadOffWatchesNothing() {
		Path skills = this.root.resolve("skills");
		skill(skills, "alpha");

		try (SkillsRegistry registry = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(skills.toString()).build())) {
			assertThat(registry.isWatching()).isFalse();
		}
	}

	/**
	 * A {@code SKILL.md} whose frontmatter YAML cannot be read, even after the loader's
	 * repair.
	 */
	private static String brokenSkillMd(String name) {
		return "---\nname: " + name + "\ndescription: \"unterminated\n---\nbody\n";
	}

}
