package dev.skills.scripts.bubblewrap;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import dev.skills.core.internal.prompt.ModelText;
import dev.skills.scripts.sandbox.ScriptResult;

/**
 * A run's three pipes, each served by a thread of the sandbox's pool so that none can
 * stall the others: standard input written and closed, standard output and standard error
 * read to the end, keeping at most the output limit of each and counting the rest.
 */
final class ProcessStreams {

	private final Future<?> stdin;

	private final Future<Output> stdout;

	private final Future<Output> stderr;

	private ProcessStreams(Future<?> stdin, Future<Output> stdout, Future<Output> stderr) {
		this.stdin = stdin;
		this.stdout = stdout;
		this.stderr = stderr;
	}

	static ProcessStreams start(Process process, String stdin, int maxBytes, ExecutorService pool) {
		byte[] input = stdin.getBytes(StandardCharsets.UTF_8);
		// A few bytes more than the limit, so that a cut can end before a split
		// character.
		int keep = maxBytes + 4;
		Future<?> writer = pool.submit(() -> write(process.getOutputStream(), input));
		return new ProcessStreams(writer, pool.submit(() -> Output.read(process.getInputStream(), keep)),
				pool.submit(() -> Output.read(process.getErrorStream(), keep)));
	}

	private static void write(OutputStream stream, byte[] input) {
		try (stream) {
			stream.write(input);
		}
		catch (IOException ex) {
			// The command ended or closed its input before reading all of it: its choice.
		}
	}

	/**
	 * Wait until the pipes are closed, which they are once the last process of the run
	 * has ended.
	 * @param within how long to wait
	 * @return standard output and standard error
	 * @throws InterruptedException when interrupted
	 * @throws IOException when a pipe failed or stayed open
	 */
	Output[] await(Duration within) throws InterruptedException, IOException {
		long deadline = System.nanoTime() + within.toNanos();
		try {
			this.stdin.get(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
			return new Output[] { this.stdout.get(deadline - System.nanoTime(), TimeUnit.NANOSECONDS),
					this.stderr.get(deadline - System.nanoTime(), TimeUnit.NANOSECONDS) };
		}
		catch (ExecutionException ex) {
			throw new IOException("The script's output could not be read: " + ex.getCause(), ex);
		}
		catch (TimeoutException ex) {
			throw new IOException("The script's output stayed open " + within.toSeconds() + " s after it ended", ex);
		}
	}

	/**
	 * The result, keeping at most {@code maxBytes} of both outputs together: each keeps
	 * up to half, and what one does not use the other may.
	 * @param exitCode the exit code
	 * @param timedOut whether the timeout ended the run
	 * @param outputs standard output and standard error
	 * @param maxBytes the output limit
	 * @param duration how long the run took
	 * @return the result
	 */
	static ScriptResult result(int exitCode, boolean timedOut, Output[] outputs, int maxBytes, Duration duration) {
		Output out = outputs[0];
		Output err = outputs[1];
		int half = maxBytes / 2;
		int keepOut = Math.min(out.head.length, maxBytes);
		int keepErr = Math.min(err.head.length, maxBytes);
		if (keepOut + keepErr > maxBytes) {
			if (keepOut <= half) {
				keepErr = maxBytes - keepOut;
			}
			else if (keepErr <= half) {
				keepOut = maxBytes - keepErr;
			}
			else {
				keepOut = half;
				keepErr = maxBytes - half;
			}
		}
		keepOut = ModelText.characterStart(out.head, keepOut);
		keepErr = ModelText.characterStart(err.head, keepErr);
		long cut = out.total + err.total - keepOut - keepErr;
		return new ScriptResult(exitCode, timedOut, new String(out.head, 0, keepOut, StandardCharsets.UTF_8),
				new String(err.head, 0, keepErr, StandardCharsets.UTF_8), cut, duration);
	}

	/**
	 * What a pipe carried.
	 *
	 * @param head the first bytes, at most the limit
	 * @param total how many bytes it carried
	 */
	record Output(byte[] head, long total) {

		static Output read(InputStream stream, int maxBytes) throws IOException {
			ByteArrayOutputStream head = new ByteArrayOutputStream();
			byte[] buffer = new byte[8192];
			long total = 0;
			try (stream) {
				for (int read = stream.read(buffer); read != -1; read = stream.read(buffer)) {
					head.write(buffer, 0, (int) Math.min(read, maxBytes - head.size()));
					total += read;
				}
			}
			return new Output(head.toByteArray(), total);
		}

		/**
		 * The head as text, for the log.
		 * @return the text
		 */
		String text() {
			return new String(this.head, StandardCharsets.UTF_8);
		}

	}

}
