package dev.skills.core.internal.files;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;

import dev.skills.core.Bounds;
import dev.skills.core.SkillsThreads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.awaitility.Awaitility.await;

/**
 * A read that never answers (a FIFO opened and then unlinked, so that its other end
 * cannot be opened by name) costs its caller at most the timeout and one thread, refuses
 * only its own skill's reads, and is reported; every other thread ends with
 * {@link FileReads#close()}.
 */
class FileReadsTests {

	@TempDir
	Path root;

	@Test
	void stuckReadRefusesOnlyItsSkillUntilBack() throws Exception {
		Path fifo = fifo("stuck");
		// A second name of the same FIFO, to release the stuck thread at the end.
		Path keeper = Files.createLink(this.root.resolve("keeper"), fifo);
		try (FileReads reads = new FileReads()) {
			FileReads.Read<Integer> stuck = new FileReads.Read<>("stuck-skill", () -> {
				try (InputStream in = Files.newInputStream(fifo)) {
					return in.read();
				}
			}, () -> {
				// The FIFO is gone by the time the read is released: nothing to open.
				Files.deleteIfExists(fifo);
				return Files.newByteChannel(fifo, StandardOpenOption.READ, StandardOpenOption.WRITE);
			});
			long start = System.nanoTime();
			assertThatExceptionOfType(FileSystemException.class).isThrownBy(() -> reads.read(stuck))
				.withMessageContaining("did not answer in time");
			assertThat(Duration.ofNanos(System.nanoTime() - start))
				.isLessThan(FileReads.TIMEOUT.plus(Bounds.HOSTILE_INPUT));
			assertThat(reads.stuck()).containsExactly(Map.entry("stuck-skill", 1));
			assertThatExceptionOfType(FileSystemException.class)
				.isThrownBy(() -> reads.read(new FileReads.Read<>("stuck-skill", () -> 1, null)))
				.withMessageContaining("did not answer before");
			assertThat(reads.read(new FileReads.Read<>("other-skill", () -> 2, null))).isEqualTo(2);
			// A writer at last: the stuck thread returns, and the skill may be read
			// again.
			Files.newByteChannel(keeper, StandardOpenOption.WRITE).close();
			await().atMost(Duration.ofSeconds(10)).until(() -> reads.stuck().isEmpty());
			assertThat(reads.read(new FileReads.Read<>("stuck-skill", () -> 3, null))).isEqualTo(3);
		}
	}

	@Test
	void readOnAFifoIsReleasedAndFailsInTime() throws Exception {
		Path fifo = fifo("waiting");
		try (FileReads reads = new FileReads()) {
			FileReads.Read<Integer> waiting = new FileReads.Read<>("skill", () -> {
				try (InputStream in = Files.newInputStream(fifo)) {
					return in.read();
				}
			}, GuardedFile.release(fifo));
			assertThatExceptionOfType(IOException.class).isThrownBy(() -> reads.read(waiting));
			assertThat(reads.stuck()).isEmpty();
		}
	}

	@Test
	void interruptedCallerGetsEveryOutcome() throws Exception {
		Path fifo = fifo("interrupted");
		try (FileReads reads = new FileReads()) {
			Thread.currentThread().interrupt();
			List<FileReads.Outcome<Integer>> outcomes = reads.readAll(List.of(fifo, fifo),
					(path) -> new FileReads.Read<>("skill", () -> {
						try (InputStream in = Files.newInputStream(path)) {
							return in.read();
						}
					}, GuardedFile.release(path)));
			assertThat(Thread.interrupted()).isTrue();
			assertThat(outcomes).hasSize(2).allSatisfy((outcome) -> assertThat(outcome.failure()).isNotNull());
			// Release the readers still waiting on the FIFO.
			Files.newByteChannel(fifo, StandardOpenOption.READ, StandardOpenOption.WRITE).close();
		}
	}

	@Test
	void batchOutcomesKeepTheirPlaces() {
		try (FileReads reads = new FileReads()) {
			List<Integer> items = IntStream.range(0, 500).boxed().toList();
			List<FileReads.Outcome<Integer>> outcomes = reads.readAll(items,
					(i) -> new FileReads.Read<>("s" + i, () -> {
						if (i % 7 == 0) {
							throw new IOException("no " + i);
						}
						return i * 2;
					}, null));
			for (int i = 0; i < items.size(); i++) {
				if (i % 7 == 0) {
					assertThat(outcomes.get(i).failure()).hasMessage("no " + i);
				}
				else {
					assertThat(outcomes.get(i).value()).isEqualTo(i * 2);
				}
			}
		}
	}

	@Test
	void closeLeavesNoReaderThread() throws Exception {
		Set<Thread> before = SkillsThreads.live();
		FileReads reads = new FileReads();
		reads.readAll(List.of(1, 2, 3, 4), (i) -> new FileReads.Read<>("s", () -> i, null));
		reads.close();
		assertThat(SkillsThreads.leftSince(before)).isEmpty();
	}

	private Path fifo(String name) throws Exception {
		Path fifo = this.root.resolve(name);
		Process mkfifo = new ProcessBuilder("mkfifo", fifo.toString()).start();
		assertThat(mkfifo.waitFor()).isZero();
		return fifo;
	}

}
