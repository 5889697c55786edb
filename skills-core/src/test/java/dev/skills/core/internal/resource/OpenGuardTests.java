package dev.skills.core.internal.resource;

import java.nio.channels.SeekableByteChannel;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;

import dev.skills.core.Preemptively;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * An open that waits on a FIFO (swapped in after a file was checked as regular) gives up
 * after {@link OpenGuard#TIMEOUT}, whether the FIFO can still be released or was unlinked
 * meanwhile.
 */
class OpenGuardTests {

	@TempDir
	Path root;

	private Path fifo() throws Exception {
		Path fifo = this.root.resolve("fifo");
		Process process = new ProcessBuilder("mkfifo", fifo.toString()).inheritIO().start();
		assertThat(process.waitFor()).isZero();
		return fifo;
	}

	@Test
	void whenTheOpenWaitsOnAFifoStillInPlaceThenItIsReleasedInTime() throws Exception {
		Path fifo = fifo();

		Preemptively.within(Duration.ofSeconds(5),
				() -> assertThatExceptionOfType(FileSystemException.class)
					.isThrownBy(() -> new OpenGuard().open(() -> Files.newByteChannel(fifo),
							() -> Files.newByteChannel(fifo, OpenGuard.RELEASE)))
					.withMessage("it did not answer in time (not a regular file?)"));
	}

	@Test
	void whenTheFifoWasUnlinkedSoNothingCanReleaseItThenTheCallerStillReturnsInTime() throws Exception {
		Path fifo = fifo();
		Path gone = this.root.resolve("gone");

		Preemptively.within(Duration.ofSeconds(5),
				() -> assertThatExceptionOfType(FileSystemException.class)
					.isThrownBy(() -> new OpenGuard().open(() -> Files.newByteChannel(fifo),
							() -> Files.newByteChannel(gone, OpenGuard.RELEASE)))
					.withMessage("it did not answer in time (not a regular file?)"));

		// Let the helper thread go: it closes what it opened, since its caller gave up.
		try (SeekableByteChannel writer = Files.newByteChannel(fifo, StandardOpenOption.WRITE)) {
			assertThat(writer.isOpen()).isTrue();
		}
	}

	@Test
	void whenAnOpenOnTheCallingThreadWaitsOnAFifoStillInPlaceThenItIsReleasedInTime() throws Exception {
		Path fifo = fifo();

		Preemptively.within(Duration.ofSeconds(5), () -> {
			try (SeekableByteChannel channel = OpenGuard.openReleasing(() -> Files.newByteChannel(fifo),
					() -> Files.newByteChannel(fifo, OpenGuard.RELEASE))) {
				// Released by the other end opening: the caller then sees the FIFO and
				// refuses it.
				return assertThat(channel.isOpen()).isTrue();
			}
		});
	}

	@Test
	void whenTheFileIsRegularThenItOpensAtOnce() throws Exception {
		Path file = Files.writeString(this.root.resolve("file.txt"), "text");

		try (SeekableByteChannel channel = new OpenGuard().open(() -> Files.newByteChannel(file),
				() -> Files.newByteChannel(file, OpenGuard.RELEASE))) {
			assertThat(channel.size()).isEqualTo(4);
		}
	}

}
