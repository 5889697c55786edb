package dev.skills.core.registry;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.skills.core.Skill;
import dev.skills.core.SkillConfig;
import dev.skills.core.SkillMeta;
import dev.skills.core.SkillResourceException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.util.FileSystemUtils;

import static dev.skills.test.SkillFixtures.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Eight readers against one writer applying 2,000 random file changes: readers see only
 * whole snapshots and no unexpected exception, and the registry ends where a fresh scan
 * of the folder would.
 */
class SkillsRegistryConcurrencyTests {

	private static final int READERS = 8;

	private static final int CHANGES = 2_000;

	// Folders the writer works on; two folders share each name, so precedence changes
	// too.
	private static final int FOLDERS = 30;

	private static final int NAMES = 20;

	private static final Pattern CATALOG_NAME = Pattern.compile("<skill><name>([^<]*)</name>");

	@TempDir
	Path root;

	@Test
	@Timeout(value = 60, unit = TimeUnit.SECONDS)
	void hotReloadKeepsSnapshotsWhole() throws Exception {
		Path skills = this.root.resolve("skills");
		Workload workload = new Workload(skills, new Random(seed()));
		workload.createInitialSkills();
		SkillConfig config = SkillConfig.builder().skillsDir(skills.toString()).hotReload(true).build();
		try (SkillsRegistry registry = SkillsRegistry.create(config)) {
			assertThat(registry.isWatching()).isTrue();

			runReadersWhile(registry, () -> workload.apply(CHANGES, null));

			workload.fixBrokenSkills();
			// Let the watcher catch up, then compare; a final reload must change nothing
			// more.
			await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertSameAsAFreshScan(registry, config));
			registry.reload();
			assertSameAsAFreshScan(registry, config);
		}
	}

	@Test
	@Timeout(value = 60, unit = TimeUnit.SECONDS)
	void refreshKeepsSnapshotsWhole() throws Exception {
		Path skills = this.root.resolve("skills");
		Workload workload = new Workload(skills, new Random(seed()));
		workload.createInitialSkills();
		SkillConfig config = SkillConfig.builder().skillsDir(skills.toString()).build();
		SkillsRegistry registry = SkillsRegistry.create(config);

		runReadersWhile(registry, () -> workload.apply(CHANGES, registry));

		workload.fixBrokenSkills();
		registry.refresh(workload.touchedSinceLastRefresh());
		// No reload: the refreshes alone must end where a full scan does.
		assertSameAsAFreshScan(registry, config);
	}

	private static long seed() {
		long seed = System.nanoTime();
		System.out.println("SkillsRegistryConcurrencyTests seed: " + seed);
		return seed;
	}

	private static void assertSameAsAFreshScan(SkillsRegistry registry, SkillConfig config) {
		SkillsRegistry fresh = SkillsRegistry.create(SkillConfig.builder().skillsDir(config.skillsDir()).build());
		assertThat(registry.names()).isEqualTo(fresh.names());
		for (String name : fresh.names()) {
			assertThat(registry.get(name)).as(name).isEqualTo(fresh.get(name));
		}
		assertThat(registry.diagnostics()).containsExactlyInAnyOrderElementsOf(fresh.diagnostics());
		assertThat(registry.buildCatalog()).isEqualTo(fresh.buildCatalog());
	}

	private void runReadersWhile(SkillsRegistry registry, Runnable writer) throws Exception {
		AtomicBoolean writing = new AtomicBoolean(true);
		Queue<Throwable> failures = new ConcurrentLinkedQueue<>();
		AtomicInteger loads = new AtomicInteger();
		Map<SkillResourceException.Reason, AtomicInteger> expectedFailures = new ConcurrentHashMap<>();
		CountDownLatch done = new CountDownLatch(READERS);
		List<Thread> readers = new ArrayList<>();
		for (int i = 0; i < READERS; i++) {
			Thread reader = new Thread(() -> {
				try {
					long generation = 0;
					do {
						generation = readOnce(registry, generation, loads, expectedFailures);
						// Leave the writer some of the two cores a build machine may
						// have.
						LockSupport.parkNanos(100_000);
					}
					while (writing.get());
				}
				catch (Throwable ex) {
					failures.add(ex);
				}
				finally {
					done.countDown();
				}
			}, "skills-reader-" + i);
			readers.add(reader);
			reader.start();
		}
		try {
			writer.run();
		}
		finally {
			writing.set(false);
		}
		assertThat(done.await(30, TimeUnit.SECONDS)).as("readers finished").isTrue();
		if (!failures.isEmpty()) {
			AssertionError error = new AssertionError(failures.size() + " reader(s) failed; first: " + failures.peek());
			failures.forEach(error::addSuppressed);
			throw error;
		}
		assertThat(loads.get()).as("successful loads").isPositive();
		System.out.println("loads: " + loads + ", skills gone or rewritten meanwhile: " + expectedFailures);
	}

	private static long readOnce(SkillsRegistry registry, long lastGeneration, AtomicInteger loads,
			Map<SkillResourceException.Reason, AtomicInteger> expectedFailures) {
		ThreadLocalRandom random = ThreadLocalRandom.current();
		SkillsSnapshot snapshot = registry.snapshot();
		assertThat(snapshot.generation()).as("generations never go back").isGreaterThanOrEqualTo(lastGeneration);
		List<String> names = snapshot.names();
		List<String> skillNames = snapshot.skills().stream().map(SkillMeta::name).sorted().toList();
		assertThat(skillNames).as("names and skills() of one snapshot").isEqualTo(names);
		assertThat(snapshot.size()).isEqualTo(names.size());
		List<String> catalogNames = new ArrayList<>();
		Matcher matcher = CATALOG_NAME.matcher(snapshot.catalog());
		while (matcher.find()) {
			catalogNames.add(matcher.group(1));
		}
		assertThat(catalogNames).as("catalog of one snapshot").containsExactlyInAnyOrderElementsOf(names);
		assertThat(registry.buildCatalog()).startsWith("<available_skills>").endsWith("</available_skills>");
		if (names.isEmpty()) {
			return snapshot.generation();
		}
		String name = names.get(random.nextInt(names.size()));
		assertThat(snapshot.get(name)).as("a listed name resolves in its snapshot").isPresent();
		registry.get(name).ifPresent((meta) -> assertThat(meta.name()).isEqualTo(name));
		try {
			Skill skill = registry.snapshot().load(name);
			assertThat(skill.name()).isEqualTo(name);
			assertThat(skill.instructions()).isNotNull();
			loads.incrementAndGet();
		}
		catch (SkillResourceException ex) {
			// The skill was deleted (or is being rewritten) between the snapshot and the
			// load.
			expectedFailures.computeIfAbsent(ex.getReason(), (reason) -> new AtomicInteger()).incrementAndGet();
		}
		try {
			assertThat(registry.snapshot().readFile(name, "notes.txt", 200)).isNotNull();
		}
		catch (SkillResourceException ex) {
			expectedFailures.computeIfAbsent(ex.getReason(), (reason) -> new AtomicInteger()).incrementAndGet();
		}
		return snapshot.generation();
	}

	/**
	 * Random changes to skill folders: create, edit, break, delete, and edits of a
	 * bundled file. Every write makes a file longer than any earlier version of it: the
	 * registry tells versions apart by modification time and size, and several writes can
	 * fall within one tick of the file system clock.
	 */
	private static final class Workload {

		private final Path skills;

		private final Random random;

		private final int[] versions = new int[FOLDERS];

		private final boolean[] broken = new boolean[FOLDERS];

		private final List<Path> touched = new ArrayList<>();

		Workload(Path skills, Random random) {
			this.skills = skills;
			this.random = random;
		}

		Path folder(int index) {
			// Half the folders sit in a category folder.
			return (index % 2 == 0) ? this.skills.resolve("f" + index) : this.skills.resolve("category/f" + index);
		}

		void createInitialSkills() {
			for (int i = 0; i < FOLDERS; i += 2) {
				writeSkill(i, false);
			}
		}

		void apply(int changes, SkillsRegistry refreshing) {
			for (int change = 0; change < changes; change++) {
				int index = this.random.nextInt(FOLDERS);
				Path folder = folder(index);
				if (!Files.isDirectory(folder)) {
					writeSkill(index, false);
				}
				else {
					switch (this.random.nextInt(6)) {
						case 0, 1 -> writeSkill(index, false);
						case 2 -> writeSkill(index, true);
						case 3 -> delete(index);
						case 4 -> write(touch(folder.resolve("notes.txt")), "notes " + change + "\n");
						default -> {
							writeSkill(index, false);
							writeSkill((index + 1) % FOLDERS, false);
						}
					}
				}
				if (refreshing != null && (this.random.nextInt(3) == 0 || change == changes - 1)) {
					refreshing.refresh(touchedSinceLastRefresh());
				}
			}
		}

		void fixBrokenSkills() {
			for (int i = 0; i < FOLDERS; i++) {
				if (this.broken[i] && Files.isDirectory(folder(i))) {
					writeSkill(i, false);
				}
			}
		}

		List<Path> touchedSinceLastRefresh() {
			List<Path> paths = List.copyOf(this.touched);
			this.touched.clear();
			return paths;
		}

		private Path touch(Path path) {
			this.touched.add(path);
			return path;
		}

		private void writeSkill(int index, boolean breakIt) {
			int version = ++this.versions[index];
			String name = "skill-" + (index % NAMES);
			String padding = "x".repeat(version);
			String text = breakIt ? "---\nname: " + name + "\ndescription: \"unterminated " + padding + "\n---\nbody\n"
					: "---\nname: " + name + "\ndescription: Version " + padding + " of folder " + index + ".\n---\n"
							+ "Body " + padding + "\n";
			if (!Files.exists(folder(index).resolve("notes.txt"))) {
				write(touch(folder(index).resolve("notes.txt")), "notes\n");
			}
			write(touch(folder(index).resolve("SKILL.md")), text);
			this.broken[index] = breakIt;
		}

		private void delete(int index) {
			FileSystemUtils.deleteRecursively(touch(folder(index)).toFile());
			this.broken[index] = false;
		}

	}

}
