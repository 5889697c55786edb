package dev.skills.sources.index;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.skills.sources.test.IndexHttpServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Artifacts far larger than the heap of the JVM that fetches them: each is streamed to a
 * file while it is hashed, and what a download that fails its digest took is charged to
 * the revision, so the third of three 95 MB artifacts is cut where the 200 MB budget
 * ends.
 */
class LargeArtifactsTests {

	private static final long MB = 1024 * 1024;

	@TempDir
	Path temp;

	@Test
	void wrongDigestsStayOffTheHeap() throws Exception {
		try (IndexHttpServer server = new IndexHttpServer()) {
			String wrong = IndexHttpServer.sha256("not these bytes".getBytes(StandardCharsets.UTF_8));
			StringBuilder entries = new StringBuilder();
			for (int i = 0; i < 3; i++) {
				server.putGenerated("/a/large-" + i + "/SKILL.md", 95 * MB);
				entries.append((i > 0) ? "," : "")
					.append("{\"name\": \"large-" + i + "\", \"type\": \"skill-md\", \"url\": \"/a/large-" + i
							+ "/SKILL.md\", \"digest\": \"sha256:" + wrong + "\"}");
			}
			server.put("/index.json", "{\"version\": \"0.2.0\", \"skills\": [" + entries + "]}");

			Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
					"-Xmx64m", "-cp", System.getProperty("java.class.path"), LargeArtifacts.class.getName(),
					server.url("/index.json"), this.temp.resolve("cache").toString(), String.valueOf(200 * MB))
				.redirectErrorStream(true)
				.redirectOutput(this.temp.resolve("child.log").toFile())
				.start();
			assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
			List<String> output = java.nio.file.Files.readAllLines(this.temp.resolve("child.log"));

			assertThat(child.exitValue()).as(String.join(File.separator, output)).isZero();
			assertThat(output).contains("outcome: FAILED")
				.anySatisfy((line) -> assertThat(line).startsWith("lastError: ")
					.contains("more than " + 200 * MB + " bytes"))
				.noneSatisfy((line) -> assertThat(line).contains("OutOfMemoryError"));
			// The third download was cut where the budget ended, not read to its end.
			assertThat(server.requests()).hasSize(4);
		}
	}

}
