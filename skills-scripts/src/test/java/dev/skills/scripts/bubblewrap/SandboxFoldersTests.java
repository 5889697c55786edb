package dev.skills.scripts.bubblewrap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import dev.skills.scripts.testing.BubblewrapTest;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A sandbox's folders on the host: made per JVM, removed by close, and the ones of a JVM
 * that died without closing removed by the next sandbox.
 */
@BubblewrapTest
class SandboxFoldersTests {

	@Test
	void leftoversOfADeadJvmAreRemoved() throws Exception {
		long dead = deadPid();
		Path cgroups = PidsCgroup.own().procs().getParent();
		Path leftCgroup = Files.createDirectories(cgroups.resolve("skills-scripts-" + dead + "-1/run-7"));
		Path leftFiles = Files
			.createDirectories(Path.of(System.getProperty("java.io.tmpdir"), "skills-scripts-" + dead + "-123/check"));
		Files.writeString(leftFiles.resolveSibling("7.args"), "--unshare-all");

		SandboxFolders folders = SandboxFolders.create(Duration.ofSeconds(5));
		folders.delete();

		assertThat(leftCgroup.getParent()).doesNotExist();
		assertThat(leftFiles.getParent()).doesNotExist();
	}

	@Test
	void foldersOfALiveJvmAreKept() throws IOException {
		SandboxFolders first = SandboxFolders.create(Duration.ofSeconds(5));
		try {
			SandboxFolders second = SandboxFolders.create(Duration.ofSeconds(5));
			second.delete();

			assertThat(first.cgroup().procs()).exists();
			assertThat(first.file("check").getParent()).isDirectory();
		}
		finally {
			first.delete();
		}
	}

	// The id of a process that has ended.
	private static long deadPid() throws Exception {
		Process process = new ProcessBuilder("true").start();
		process.waitFor();
		return process.pid();
	}

}
