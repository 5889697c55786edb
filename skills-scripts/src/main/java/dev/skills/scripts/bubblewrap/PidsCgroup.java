package dev.skills.scripts.bubblewrap;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Predicate;
import java.util.stream.Stream;

import dev.skills.scripts.sandbox.SandboxUnavailableException;
import org.jspecify.annotations.Nullable;

/**
 * A pids cgroup: the kernel's count of the processes and threads in it and a ceiling on
 * them ({@code pids.max}) that holds for root too, where {@code RLIMIT_NPROC} does not;
 * and the one place to find every process a run started, to end them all. Works on cgroup
 * v1 (the {@code pids} hierarchy) and v2 (the unified hierarchy with the {@code pids}
 * controller enabled for the folder's children).
 */
final class PidsCgroup {

	private static final String PIDS = "pids";

	private final Path folder;

	private final boolean unified;

	private PidsCgroup(Path folder, boolean unified) {
		this.folder = folder;
		this.unified = unified;
	}

	/**
	 * This process's own pids cgroup, as {@code /proc/self} describes it.
	 * @return the cgroup
	 * @throws SandboxUnavailableException when there is none to make children in
	 */
	static PidsCgroup own() {
		try {
			String cgroups = Files.readString(Path.of("/proc/self/cgroup"));
			String mounts = Files.readString(Path.of("/proc/self/mountinfo"));
			PidsCgroup own = locate(cgroups, mounts);
			if (own != null) {
				return own;
			}
		}
		catch (IOException ex) {
			// Not Linux, or no /proc: the same answer as no pids controller.
		}
		throw new SandboxUnavailableException(
				"No pids cgroup was found: without one a script's fork bomb cannot be "
						+ "stopped (RLIMIT_NPROC does not limit root)",
				"Run on Linux with the pids cgroup controller, mounted at /sys/fs/cgroup (cgroup v1 or v2)");
	}

	/**
	 * The pids cgroup that {@code /proc/self/cgroup} and {@code /proc/self/mountinfo}
	 * name: the v1 {@code pids} hierarchy when there is one, else the v2 unified
	 * hierarchy.
	 * @param cgroups the text of {@code /proc/self/cgroup}
	 * @param mounts the text of {@code /proc/self/mountinfo}
	 * @return the cgroup, or {@code null} when neither is mounted
	 */
	static @Nullable PidsCgroup locate(String cgroups, String mounts) {
		for (boolean unified : List.of(false, true)) {
			for (String line : cgroups.split("\n")) {
				String[] parts = line.split(":", 3);
				if (parts.length == 3 && (unified ? parts[0].equals("0") && parts[1].isEmpty()
						: List.of(parts[1].split(",")).contains(PIDS))) {
					Path folder = mounted(mounts, unified, parts[2].trim());
					if (folder != null) {
						return new PidsCgroup(folder, unified);
					}
				}
			}
		}
		return null;
	}

	// Where a cgroup path is in the file system: below the hierarchy's mount point, by
	// the part of the path below the mount's own root.
	private static @Nullable Path mounted(String mounts, boolean unified, String path) {
		for (String line : mounts.split("\n")) {
			int separator = line.indexOf(" - ");
			if (separator < 0) {
				continue;
			}
			String[] fields = line.substring(0, separator).split(" ");
			String[] filesystem = line.substring(separator + 3).split(" ");
			boolean match = unified ? filesystem[0].equals("cgroup2") : filesystem[0].equals("cgroup")
					&& filesystem.length > 2 && List.of(filesystem[2].split(",")).contains(PIDS);
			String root = unescape(fields[3]);
			if (match && fields.length > 4 && (root.equals("/") || path.startsWith(root + "/") || path.equals(root))) {
				String below = root.equals("/") ? path : path.substring(root.length());
				return Path.of(unescape(fields[4]), below.replaceFirst("^/+", ""));
			}
		}
		return null;
	}

	// mountinfo writes a space, tab, newline or backslash in a path as an octal escape.
	private static String unescape(String field) {
		StringBuilder out = new StringBuilder(field.length());
		for (int i = 0; i < field.length(); i++) {
			char c = field.charAt(i);
			if (c == '\\' && i + 3 < field.length() && field.substring(i + 1, i + 4).matches("[0-7]{3}")) {
				out.append((char) Integer.parseInt(field.substring(i + 1, i + 4), 8));
				i += 3;
			}
			else {
				out.append(c);
			}
		}
		return out.toString();
	}

	/**
	 * Make a child cgroup.
	 * @param name the child's folder name
	 * @return the child
	 * @throws IOException when the cgroup file system refuses it
	 */
	PidsCgroup child(String name) throws IOException {
		if (this.unified) {
			enableForChildren();
		}
		Path child = this.folder.resolve(name);
		Files.createDirectory(child);
		return new PidsCgroup(child, this.unified);
	}

	/**
	 * The child cgroups whose folder names match.
	 * @param names the test of a folder name
	 * @return the children
	 * @throws IOException when the folder cannot be listed
	 */
	List<PidsCgroup> children(Predicate<String> names) throws IOException {
		try (Stream<Path> entries = Files.list(this.folder)) {
			return entries.filter((path) -> Files.isDirectory(path) && names.test(path.getFileName().toString()))
				.map((path) -> new PidsCgroup(path, this.unified))
				.toList();
		}
	}

	/**
	 * Let the cgroup hold at most {@code maxPids} processes and threads at once.
	 * @param maxPids the ceiling
	 * @throws IOException when the cgroup file system refuses it
	 */
	void limit(int maxPids) throws IOException {
		Files.writeString(this.folder.resolve("pids.max"), Integer.toString(maxPids));
	}

	// cgroup v2: a child has a pids.max only when its parent enables the controller.
	private void enableForChildren() throws IOException {
		Path control = this.folder.resolve("cgroup.subtree_control");
		if (!List.of(Files.readString(control).trim().split(" ")).contains(PIDS)) {
			Files.writeString(control, "+" + PIDS);
		}
	}

	/**
	 * The file that a process writes its id to in order to join.
	 * @return the {@code cgroup.procs} file
	 */
	Path procs() {
		return this.folder.resolve("cgroup.procs");
	}

	/**
	 * End every process in the cgroup, and wait until it is empty.
	 * @param within how long to wait
	 * @return whether it is empty
	 */
	boolean endAll(Duration within) {
		long deadline = System.nanoTime() + within.toNanos();
		Path kill = this.folder.resolve("cgroup.kill");
		boolean oneWrite = this.unified && Files.exists(kill);
		boolean written = false;
		while (true) {
			List<Long> pids = members();
			if (pids.isEmpty()) {
				return true;
			}
			if (System.nanoTime() > deadline) {
				return false;
			}
			if (oneWrite && !written) {
				written = write(kill, "1");
			}
			else if (!oneWrite) {
				// cgroup v1 has no cgroup.kill; a process forking meanwhile is caught by
				// the
				// next round, and pids.max bounds how many there can be.
				pids.forEach((pid) -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
			}
			pause();
		}
	}

	private List<Long> members() {
		try {
			return Files.readAllLines(procs(), StandardCharsets.US_ASCII)
				.stream()
				.filter((line) -> !line.isBlank())
				.map((line) -> Long.parseLong(line.trim()))
				.toList();
		}
		catch (IOException ex) {
			// Gone already: nothing left in it.
			return List.of();
		}
	}

	private static boolean write(Path file, String text) {
		try {
			Files.writeString(file, text);
			return true;
		}
		catch (IOException ex) {
			return false;
		}
	}

	// The kernel reaps killed processes within milliseconds; cgroup v1 has no event to
	// wait on. Parking (not sleeping) keeps ending them when the caller was interrupted.
	private static void pause() {
		LockSupport.parkNanos(Duration.ofMillis(5).toNanos());
	}

	/**
	 * Remove the cgroup, which must be empty.
	 * @throws IOException when it cannot be removed
	 */
	void delete() throws IOException {
		Files.deleteIfExists(this.folder);
	}

}
