package dev.skills.core.registry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillResourceException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.util.FileSystemUtils;

import static dev.skills.test.SkillFixtures.skillMd;
import static dev.skills.test.SkillFixtures.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Random creates, edits, renames and deletes over 1,000 skills while 8 threads read, with
 * hot reload on. Runs {@code skills.tests.churn-seconds} seconds: a few in every build,
 * 60 with {@code -Plong-tests}.
 */
@ExtendWith(OutputCaptureExtension.class)
class ChurnTests {

	private static final int SKILLS = 1_000;

	private static final int CATEGORIES = 20;

	private static final int READERS = 8;

	@TempDir
	Path root;

	private final Queue<Throwable> failures = new ConcurrentLinkedQueue<>();

	private final AtomicLong reads = new AtomicLong();

	@Test
	void churnNeverFailsReadersAndCatchesUp(CapturedOutput output) throws Exception {
		int seconds = Integer.getInteger("skills.tests.churn-seconds", 6);
		Path skills = this.root.resolve("skills");
		List<Path> live = new ArrayList<>();
		for (int i = 0; i < SKILLS; i++) {
			live.add(writeSkill(skills, i % CATEGORIES, "skill-" + i, "Handles task " + i + "."));
		}
		long filesBefore = openFiles();
		SkillConfig config = SkillConfig.builder().skillsDir(skills.toString()).hotReload(true).build();
		SkillsRegistry registry = SkillsRegistry.create(config);
		AtomicBoolean stop = new AtomicBoolean();
		List<Thread> readers = new ArrayList<>();
		for (int i = 0; i < READERS; i++) {
			Thread reader = new Thread(() -> read(registry, stop, new Random()), "churn-reader-" + i);
			reader.start();
			readers.add(reader);
		}

		int edits = churn(skills, live, new Random(42), Duration.ofSeconds(seconds));

		// How soon it catches up is measured in the benchmarks; here, that it does.
		await().atMost(Duration.ofSeconds(60))
			.pollInterval(Duration.ofMillis(500))
			.until(() -> sameAsColdScan(registry));
		stop.set(true);
		for (Thread reader : readers) {
			reader.join(10_000);
		}
		registry.close();

		assertThat(this.failures).isEmpty();
		assertThat(edits).isGreaterThan(seconds * 10);
		assertThat(this.reads.get()).isGreaterThan(edits);
		assertThat(Thread.getAllStackTraces().keySet()).noneMatch(
				(thread) -> thread.getName().startsWith("skills-watcher") || thread.getName().startsWith("churn-"));
		assertThat(openFiles()).isLessThanOrEqualTo(filesBefore + 10);
		// Half-written files are reported while they last, never thrown.
		assertThat(output).doesNotContain("Exception");
	}

	private void read(SkillsRegistry registry, AtomicBoolean stop, Random random) {
		while (!stop.get()) {
			List<String> names = registry.names();
			if (names.isEmpty()) {
				continue;
			}
			String name = names.get(random.nextInt(names.size()));
			try {
				switch (random.nextInt(5)) {
					case 0 -> registry.snapshot().load(name);
					case 1 -> registry.snapshot().files(name);
					case 2 -> registry.snapshot().readFile(name, "references/GUIDE.md");
					case 3 -> registry.get(name);
					default -> registry.snapshot().catalog();
				}
				this.reads.incrementAndGet();
			}
			catch (SkillResourceException ex) {
				// A skill deleted or half-written since names() was read: a message, as
				// designed.
				this.reads.incrementAndGet();
			}
			catch (Throwable ex) {
				this.failures.add(ex);
			}
		}
	}

	// Random creates, edits, renames and deletes until the time is up; returns how many.
	private static int churn(Path skills, List<Path> live, Random random, Duration duration) throws IOException {
		long end = System.nanoTime() + duration.toNanos();
		int count = 0;
		while (System.nanoTime() < end) {
			int next = SKILLS + count;
			int pick = random.nextInt(live.size());
			switch (random.nextInt(4)) {
				case 0 ->
					live.add(writeSkill(skills, random.nextInt(CATEGORIES), "skill-" + next, "New " + next + "."));
				case 1 -> {
					Path skill = live.get(pick);
					write(skill.resolve("SKILL.md"),
							skillMd(skill.getFileName().toString(), "Edited " + next + ".", "Body."));
				}
				case 2 -> {
					Path to = skills.resolve("category-" + random.nextInt(CATEGORIES)).resolve("skill-" + next);
					Files.move(live.get(pick), to);
					live.set(pick, to);
				}
				default -> {
					if (live.size() > SKILLS / 2) {
						FileSystemUtils.deleteRecursively(live.remove(pick));
					}
				}
			}
			count++;
		}
		return count;
	}

	private static Path writeSkill(Path skills, int category, String folder, String description) {
		Path skill = skills.resolve("category-" + category).resolve(folder);
		write(skill.resolve("references/GUIDE.md"), "# Guide of " + folder + "\n");
		write(skill.resolve("SKILL.md"), skillMd(folder, description, "Body of " + folder + "."));
		return skill;
	}

	private static boolean sameAsColdScan(SkillsRegistry registry) {
		try (SkillsRegistry cold = SkillsRegistry
			.create(SkillConfig.builder().skillsDir(registry.config().skillsDir()).build())) {
			return registry.snapshot().skills().equals(cold.snapshot().skills())
					&& registry.diagnostics().size() == cold.diagnostics().size()
					&& registry.diagnostics().containsAll(cold.diagnostics());
		}
	}

	// The open file descriptors of this process (Linux); 0 where /proc is not there.
	private static long openFiles() {
		Path fds = Path.of("/proc/self/fd");
		if (!Files.isDirectory(fds)) {
			return 0;
		}
		try (Stream<Path> list = Files.list(fds)) {
			return list.count();
		}
		catch (IOException ex) {
			throw new UncheckedIOException(ex);
		}
	}

}
