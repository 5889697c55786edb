package dev.skills.mcp.server;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Runs one of the TypeScript SDK client scripts of {@code src/test/node} (installed by
 * {@code npm ci} from the committed lock file): waits for its "ready" line, lets the test
 * edit the skills, and returns every line once it exited with 0. On CI a missing install
 * fails the test; elsewhere it is skipped.
 */
final class NodeClient {

	private static final Path DIRECTORY = Path.of("src/test/node");

	private NodeClient() {
	}

	static List<String> run(String module, ThrowingRunnable onReady, String... arguments) throws Exception {
		requireInstalled(module);
		List<String> command = new ArrayList<>(List.of("node"));
		command.addAll(List.of(arguments));
		Process node = new ProcessBuilder(command).directory(DIRECTORY.toFile()).redirectErrorStream(true).start();
		List<String> output = new CopyOnWriteArrayList<>();
		BlockingQueue<String> lines = new LinkedBlockingQueue<>();
		Thread reader = new Thread(() -> read(node, output, lines), "node-client-output");
		reader.start();
		try {
			String line;
			do {
				line = lines.poll(60, TimeUnit.SECONDS);
				if (line == null) {
					fail("The node client did not get ready: " + output);
				}
			}
			while (!line.equals("ready"));
			onReady.run();
			assertThat(node.waitFor(30, TimeUnit.SECONDS)).as("node client finished: %s", output).isTrue();
		}
		finally {
			node.destroyForcibly();
			reader.join(5000);
		}
		assertThat(node.exitValue()).as("node client output: %s", output).isZero();
		return output;
	}

	private static void requireInstalled(String module) {
		if (Files.isDirectory(DIRECTORY.resolve("node_modules").resolve(module))) {
			return;
		}
		String reason = "The TypeScript SDK client is not installed: run 'npm ci' in skills-mcp/src/test/node";
		if ("true".equalsIgnoreCase(System.getenv("CI"))) {
			fail(reason + " (CI runs it in .ci/run before Maven)");
		}
		Assumptions.abort(reason);
	}

	private static void read(Process node, List<String> output, BlockingQueue<String> lines) {
		try (BufferedReader in = new BufferedReader(
				new InputStreamReader(node.getInputStream(), StandardCharsets.UTF_8))) {
			String line;
			while ((line = in.readLine()) != null) {
				output.add(line);
				lines.add(line);
			}
		}
		catch (IOException ex) {
			output.add("(output ended: " + ex.getMessage() + ")");
		}
	}

	/**
	 * What the test does once the client is ready.
	 */
	interface ThrowingRunnable {

		void run() throws Exception;

	}

}
