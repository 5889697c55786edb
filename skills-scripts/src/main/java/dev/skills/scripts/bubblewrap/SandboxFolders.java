package dev.skills.scripts.bubblewrap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.skills.scripts.sandbox.SandboxUnavailableException;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * The two folders a sandbox owns on the host, named after the JVM that made them: its
 * pids cgroup, parent of one cgroup per run, and a private folder (mode 700) for the
 * runs' argument and status files. A JVM that ended without closing its sandbox leaves
 * them behind (its scripts ended with it, through {@code --die-with-parent}); the next
 * sandbox made on the machine removes them.
 */
final class SandboxFolders {

	private static final Log logger = LogFactory.getLog(SandboxFolders.class);

	private static final String PREFIX = "skills-scripts-";

	private static final Pattern NAME = Pattern.compile(Pattern.quote(PREFIX) + "(\\d+)-.*");

	private static final AtomicInteger instances = new AtomicInteger();

	private final PidsCgroup cgroup;

	private final Path files;

	private SandboxFolders(PidsCgroup cgroup, Path files) {
		this.cgroup = cgroup;
		this.files = files;
	}

	/**
	 * Make a sandbox's folders in this process's pids cgroup and temporary folder,
	 * removing those of JVMs that are gone.
	 * @param endWait how long a leftover run's processes may take to end
	 * @return the folders
	 * @throws SandboxUnavailableException when either cannot be made
	 */
	static SandboxFolders create(Duration endWait) {
		PidsCgroup own = PidsCgroup.own();
		Path temporary = Path.of(System.getProperty("java.io.tmpdir"));
		removeLeftovers(own, temporary, endWait);
		String name = PREFIX + ProcessHandle.current().pid() + "-";
		PidsCgroup cgroup;
		try {
			cgroup = own.child(name + instances.incrementAndGet());
		}
		catch (IOException ex) {
			throw new SandboxUnavailableException(
					"The pids cgroup " + own.procs().getParent() + " refuses a child cgroup: " + ex,
					"Run the application where it may make cgroups (as root, or "
							+ "in a cgroup v2 subtree delegated to it with the pids controller enabled)");
		}
		try {
			return new SandboxFolders(cgroup, Files.createTempDirectory(temporary, name,
					PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------"))));
		}
		catch (IOException | UnsupportedOperationException ex) {
			delete(cgroup);
			throw new SandboxUnavailableException("No private folder for the sandbox's files: " + ex,
					"Give the application a writable java.io.tmpdir on a POSIX file system");
		}
	}

	private static void removeLeftovers(PidsCgroup own, Path temporary, Duration endWait) {
		try {
			for (PidsCgroup sandbox : own.children(SandboxFolders::ownerGone)) {
				for (PidsCgroup run : sandbox.children((name) -> true)) {
					run.endAll(endWait);
					delete(run);
				}
				delete(sandbox);
			}
			try (Stream<Path> folders = Files.list(temporary)) {
				folders.filter((folder) -> ownerGone(folder.getFileName().toString()))
					.forEach(SandboxFolders::deleteTree);
			}
		}
		catch (IOException ex) {
			logger.debug("Leftovers of earlier sandboxes were not removed: " + ex);
		}
	}

	private static boolean ownerGone(String name) {
		Matcher matcher = NAME.matcher(name);
		return matcher.matches() && ProcessHandle.of(Long.parseLong(matcher.group(1))).isEmpty();
	}

	/**
	 * The sandbox's cgroup.
	 * @return the parent of the runs' cgroups
	 */
	PidsCgroup cgroup() {
		return this.cgroup;
	}

	/**
	 * A file in the private folder.
	 * @param name the file's name
	 * @return its path
	 */
	Path file(String name) {
		return this.files.resolve(name);
	}

	/** Remove both folders. */
	void delete() {
		delete(this.cgroup);
		deleteTree(this.files);
	}

	static void delete(PidsCgroup cgroup) {
		try {
			cgroup.delete();
		}
		catch (IOException ex) {
			logger.warn("Could not remove the cgroup " + cgroup.procs().getParent() + ": " + ex);
		}
	}

	static void delete(Path file) {
		try {
			Files.deleteIfExists(file);
		}
		catch (IOException ex) {
			logger.warn("Could not remove " + file + ": " + ex);
		}
	}

	// The private folder holds files and the empty folder of the start-up check.
	private static void deleteTree(Path folder) {
		try (Stream<Path> all = Files.walk(folder, 2)) {
			List<Path> paths = all.sorted(Comparator.reverseOrder()).toList();
			paths.forEach(SandboxFolders::delete);
		}
		catch (IOException ex) {
			logger.warn("Could not remove " + folder + ": " + ex);
		}
	}

}
