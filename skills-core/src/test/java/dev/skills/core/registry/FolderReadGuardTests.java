package dev.skills.core.registry;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import dev.skills.core.Bounds;
import dev.skills.core.Preemptively;
import dev.skills.core.SkillConfig;
import dev.skills.core.SkillResourceException;
import dev.skills.core.SkillResourceException.Reason;
import dev.skills.core.internal.files.FileReads;
import dev.skills.test.SkillFixtures;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

import static dev.skills.test.SkillFixtures.skill;
import static dev.skills.test.SkillFixtures.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * Reads of a folder skill's files that a hostile skill folder or argument tries to turn
 * into a hang, a leak or a crash: special files, swapped links, hidden targets, path
 * loops, odd names.
 */
@ExtendWith(OutputCaptureExtension.class)
class FolderReadGuardTests {

	@TempDir
	Path root;

	private Path kit;

	private Path outside;

	private SkillsRegistry registry;

	@BeforeEach
	void setUp() {
		Path skills = this.root.resolve("skills");
		this.kit = skill(skills, "kit");
		write(this.kit.resolve("notes.txt"), "notes\n");
		this.outside = write(this.root.resolve("outside/secret.txt"), "outside secret\n");
		this.registry = SkillsRegistry.create(SkillConfig.builder().skillsDir(skills.toString()).build());
	}

	@AfterEach
	void close() {
		this.registry.close();
	}

	static void mkfifo(Path path) throws IOException, InterruptedException {
		Process process = new ProcessBuilder("mkfifo", path.toString()).inheritIO().start();
		assertThat(process.waitFor()).isZero();
	}

	@Test
	void fifoIsDescribedNeverOpened() throws Exception {
		mkfifo(this.kit.resolve("pipe"));

		String answer = Preemptively.within(Bounds.HOSTILE_INPUT,
				() -> this.registry.snapshot().readFile("kit", "pipe"));

		assertThat(answer).isEqualTo("pipe is not a regular file (a FIFO, socket or device); its content is not read.");
	}

	@Test
	void linkToHiddenFileIsRejected() throws Exception {
		write(this.kit.resolve(".secret"), "hidden secret\n");
		Files.createDirectories(this.kit.resolve(".git"));
		write(this.kit.resolve(".git/config"), "hidden config\n");
		Files.createDirectories(this.kit.resolve("links"));
		Files.createSymbolicLink(this.kit.resolve("links/h"), Path.of("../.secret"));
		Files.createSymbolicLink(this.kit.resolve("links/g"), Path.of("../.git"));

		for (String path : List.of("links/h", "links/g", "links/g/config")) {
			assertThatExceptionOfType(SkillResourceException.class)
				.isThrownBy(() -> this.registry.snapshot().readFile("kit", path))
				.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(Reason.REJECTED))
				.withMessage(
						"Cannot read '" + path + "' from skill 'kit': hidden files and tool caches are not readable.");
		}
	}

	@Test
	void linkLoopNamesNoServerPath() throws Exception {
		Files.createSymbolicLink(this.kit.resolve("selfloop"), Path.of("selfloop"));

		assertThatExceptionOfType(SkillResourceException.class)
			.isThrownBy(() -> this.registry.snapshot().readFile("kit", "selfloop"))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(Reason.UNREADABLE))
			.withMessageStartingWith("Cannot read 'selfloop' from skill 'kit': ")
			.withMessageNotContaining(this.root.toString());
	}

	@Test
	void vanishedSkillFileNamesNoServerPath() throws Exception {
		Files.delete(this.kit.resolve("SKILL.md"));

		assertThatExceptionOfType(SkillResourceException.class).isThrownBy(() -> this.registry.snapshot().load("kit"))
			.withMessage("Skill 'kit' cannot be read right now: its SKILL.md cannot be opened");
	}

	@Test
	void unspellablePathIsNotFound() {
		// A lone surrogate cannot be encoded as a file name, as any non-ASCII name cannot
		// under LC_ALL=C.
		assertThatExceptionOfType(SkillResourceException.class)
			.isThrownBy(() -> this.registry.snapshot().readFile("kit", "caf\uD800.txt"))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(Reason.NOT_FOUND))
			.withMessageStartingWith("Skill 'kit' has no file 'caf");
	}

	@Test
	void nullPathAsksForAPath() {
		assertThatExceptionOfType(SkillResourceException.class)
			.isThrownBy(() -> this.registry.snapshot().readFile("kit", null))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(Reason.REJECTED))
			.withMessage(
					"Cannot read a file from skill 'kit': no path given; give a path relative to the skill folder.");
	}

	@Test
	void nullSkillNameIsUnknown() {
		assertThatExceptionOfType(SkillResourceException.class)
			.isThrownBy(() -> this.registry.snapshot().readFile(null, "notes.txt"))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(Reason.UNKNOWN_SKILL));
	}

	@Test
	void maxBytesOutOfRangeIsRefused() {
		for (int maxBytes : new int[] { -1, 0, Integer.MAX_VALUE }) {
			assertThatIllegalArgumentException()
				.isThrownBy(() -> this.registry.snapshot().readFile("kit", "notes.txt", maxBytes))
				.withMessage("maxBytes is " + maxBytes + ": it must be between 1 and 16777216 bytes (16 MiB); "
						+ "set it to a number of bytes in that range, for example 100000");
		}
	}

	@Test
	void hugeArgumentIsEchoedShort() {
		String path = "x".repeat(10_000_000);

		assertThatExceptionOfType(SkillResourceException.class)
			.isThrownBy(() -> this.registry.snapshot().readFile("kit", path))
			.satisfies((ex) -> assertThat(ex.getMessage()).hasSizeLessThan(300)
				.contains("x".repeat(100) + "...[9999900 more characters]"));
		assertThatExceptionOfType(SkillResourceException.class).isThrownBy(() -> this.registry.snapshot().load(path))
			.satisfies((ex) -> assertThat(ex.getMessage()).hasSizeLessThan(300));
	}

	@Test
	void skillFileLinkingOutsideIsSkipped(CapturedOutput output) throws Exception {
		Path linked = this.root.resolve("skills/linked");
		Files.createDirectories(linked);
		write(this.root.resolve("outside/SKILL.md"), SkillFixtures.skillMd("linked", "Outside.", "Outside body."));
		Files.createSymbolicLink(linked.resolve("SKILL.md"), this.root.resolve("outside/SKILL.md"));

		this.registry.reload();

		assertThat(this.registry.names()).containsExactly("kit");
		assertThat(this.registry.diagnostics()).anySatisfy((diagnostic) -> assertThat(diagnostic.message())
			.isEqualTo("Cannot read SKILL.md: it links outside the skill folder"));
		assertThat(output).contains("linked/SKILL.md: Cannot read SKILL.md: it links outside the skill folder");
	}

	@Test
	void swapToOutsideLinkNeverLeaks() throws Exception {
		Path file = this.kit.resolve("swap.txt");
		write(file, "inside\n");
		Path good = write(this.root.resolve("good.tmp"), "inside\n");
		Path link = this.root.resolve("link.tmp");
		Thread swapper = new Thread(() -> {
			try {
				while (!Thread.currentThread().isInterrupted()) {
					Files.copy(good, this.root.resolve("next.tmp"), StandardCopyOption.REPLACE_EXISTING);
					Files.move(this.root.resolve("next.tmp"), file, StandardCopyOption.ATOMIC_MOVE);
					Files.deleteIfExists(link);
					Files.createSymbolicLink(link, this.outside);
					Files.move(link, file, StandardCopyOption.ATOMIC_MOVE);
				}
			}
			catch (IOException ex) {
				// the test ends the swapping by interrupting
			}
		});
		swapper.start();
		int inside = 0;
		try {
			long end = System.nanoTime() + Duration.ofSeconds(3).toNanos();
			while (System.nanoTime() < end) {
				try {
					String text = this.registry.snapshot().readFile("kit", "swap.txt");
					assertThat(text).doesNotContain("outside secret");
					inside++;
				}
				catch (SkillResourceException ex) {
					assertThat(ex.getMessage()).doesNotContain("outside secret").doesNotContain(this.root.toString());
				}
			}
		}
		finally {
			swapper.interrupt();
			swapper.join();
		}
		assertThat(inside).isPositive();
	}

	@Test
	void swapToFifoEndsEveryReadInTime() throws Exception {
		Path file = this.kit.resolve("swap.txt");
		Path good = write(this.root.resolve("good.tmp"), "inside\n");
		Path fifo = this.root.resolve("fifo.tmp");
		AtomicBoolean stop = new AtomicBoolean();
		AtomicInteger swaps = new AtomicInteger();
		Thread swapper = new Thread(() -> {
			try {
				while (!stop.get()) {
					Files.copy(good, this.root.resolve("next.tmp"), StandardCopyOption.REPLACE_EXISTING);
					Files.move(this.root.resolve("next.tmp"), file, StandardCopyOption.ATOMIC_MOVE);
					mkfifo(fifo);
					Files.move(fifo, file, StandardCopyOption.ATOMIC_MOVE);
					swaps.incrementAndGet();
				}
			}
			catch (IOException | InterruptedException ex) {
				throw new IllegalStateException(ex);
			}
		});
		swapper.start();
		try {
			Preemptively.within(Duration.ofSeconds(120), () -> {
				for (int i = 0; i < 100; i++) {
					long start = System.nanoTime();
					try {
						assertThat(this.registry.snapshot().readFile("kit", "swap.txt")).isIn("inside\n",
								"swap.txt is not a regular file (a FIFO, socket or device); its content is not read.");
					}
					catch (SkillResourceException ex) {
						assertThat(ex.getReason()).isIn(Reason.UNREADABLE, Reason.NOT_FOUND);
					}
					// The guard gives up after its timeout; the rest is slack for a
					// loaded machine.
					assertThat(Duration.ofNanos(System.nanoTime() - start))
						.isLessThan(FileReads.TIMEOUT.plus(Bounds.HOSTILE_INPUT));
				}
			});
		}
		finally {
			stop.set(true);
			swapper.join();
		}
		assertThat(swaps.get()).isPositive();
	}

}
