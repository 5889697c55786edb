package dev.skills.scripts.bubblewrap;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.skills.scripts.sandbox.ScriptLimits;
import dev.skills.scripts.sandbox.ScriptRequest;
import dev.skills.scripts.sandbox.SkillScriptSandbox;
import org.jspecify.annotations.Nullable;

/**
 * The command lines of a run, in two stages. A bind mount shows its source path in
 * {@code /proc/self/mountinfo}, so the script never gets one: stage one, which runs only
 * this class's fixed shell lines, copies the skill folder into a size-bounded tmpfs;
 * stage two, the script's sandbox, is a second bubblewrap inside the first that mounts
 * only that copy at {@code /skill}, a fresh tmpfs at {@code /work} and the system's
 * {@code /usr}. bwrap is PID 1 of stage two, so its environment is empty (stage one
 * clears it, not only the child's) and its command line names no host path; the host
 * paths of stage one travel through {@code --args} from a private file.
 */
final class BwrapCommand {

	/**
	 * Processes a run has besides the script's: both bwraps and the inner one's PID 1.
	 */
	static final int OVERHEAD_PROCESSES = 3;

	// Joins the run's cgroup, sets the limits that hold for every process of the run,
	// and becomes the outer bwrap with an empty environment (PATH and PWD stay
	// unexported).
	private static final String LAUNCHER = """
			echo $$ > "$1" || exit 125
			ulimit -c 0 && ulimit -d "$2" || exit 125
			PATH=$3
			unset PWD
			args=$4 status=$5
			shift 5
			exec bwrap --args 3 -- "$@" 3<"$args" 4>"$status"
			""";

	private static final String SOURCE = "/skill-source";

	private static final String COPY = "/skill-copy";

	// Stage one: the copy keeps links as links (they point nowhere in stage two).
	private static final String STAGE = """
			PATH=/bwrap:/usr/bin:/bin
			unset PWD
			cp -R -P --preserve=mode,timestamps %s/. %s/ || exit 125
			exec bwrap "$@"
			""".formatted(SOURCE, COPY);

	private static final long COPY_BYTES = 256L << 20;

	private static final Pattern EXIT_CODE = Pattern.compile("\"exit-code\"\\s*:\\s*(\\d+)");

	private final Path bwrap;

	private final List<String> system;

	private BwrapCommand(Path bwrap, List<String> system) {
		this.bwrap = bwrap;
		this.system = system;
	}

	/**
	 * The commands for a bwrap binary, showing the host's system folders as they are.
	 * @param bwrap the bwrap binary
	 * @return the commands
	 */
	static BwrapCommand of(Path bwrap) {
		List<String> system = new ArrayList<>(List.of("--ro-bind", "/usr", "/usr"));
		// Merged /usr systems link /bin and /lib into /usr; older ones have real folders.
		for (String folder : List.of("/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32")) {
			Path path = Path.of(folder);
			try {
				if (Files.isSymbolicLink(path)) {
					system.addAll(List.of("--symlink", Files.readSymbolicLink(path).toString(), folder));
				}
				else if (Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
					system.addAll(List.of("--ro-bind", folder, folder));
				}
			}
			catch (IOException ex) {
				// Unreadable: left out, as a missing one is.
			}
		}
		// Debian links some programs through /etc/alternatives; nothing else of /etc is
		// shown.
		system.addAll(List.of("--ro-bind-try", "/etc/alternatives", "/etc/alternatives"));
		return new BwrapCommand(bwrap, List.copyOf(system));
	}

	/**
	 * The process to start on the host: {@code /bin/sh} running the launcher, then both
	 * stages.
	 * @param procs the run cgroup's {@code cgroup.procs}
	 * @param arguments the file holding {@link #outerArguments}
	 * @param status the file bwrap writes the script's exit code to
	 * @param request the run
	 * @return the command line
	 */
	List<String> launch(Path procs, Path arguments, Path status, ScriptRequest request) {
		ScriptLimits limits = request.limits();
		List<String> command = new ArrayList<>(List.of("/bin/sh", "-c", LAUNCHER, "sh", procs.toString(),
				Long.toString(limits.maxMemoryBytes() / 1024), this.bwrap.getParent().toString(), arguments.toString(),
				status.toString(), "/bin/sh", "-c", STAGE, "sh"));
		command.addAll(this.system);
		command.addAll(List.of("--proc", "/proc", "--dev", "/dev", "--ro-bind", COPY, SkillScriptSandbox.SKILL_FOLDER,
				"--size", Long.toString(limits.maxWorkBytes()), "--tmpfs", SkillScriptSandbox.WORK_FOLDER, "--symlink",
				SkillScriptSandbox.WORK_FOLDER, "/tmp", "--unshare-all", "--unshare-user", "--disable-userns",
				"--new-session", "--die-with-parent", "--hostname", "sandbox", "--clearenv", "--setenv", "PATH",
				"/usr/local/bin:/usr/bin:/bin", "--setenv", "HOME", SkillScriptSandbox.WORK_FOLDER, "--setenv", "LANG",
				"C.UTF-8", "--chdir", SkillScriptSandbox.WORK_FOLDER, "--json-status-fd", "4", "--"));
		command.addAll(request.command());
		return command;
	}

	/**
	 * Stage one's bwrap arguments, NUL-separated for {@code --args}: the only place the
	 * skill folder's host path is named.
	 * @param skillFolder the skill folder
	 * @return the bytes of the arguments file
	 */
	byte[] outerArguments(Path skillFolder) {
		List<String> arguments = new ArrayList<>(this.system);
		// Stage one sees the host's /proc so that stage two may mount a fresh one (the
		// kernel refuses a proc mount where none is fully visible); it runs only STAGE.
		arguments.addAll(List.of("--ro-bind", this.bwrap.toString(), "/bwrap/bwrap", "--bind", "/proc", "/proc",
				"--dev", "/dev", "--dir", "/tmp", "--ro-bind", skillFolder.toString(), SOURCE, "--size",
				Long.toString(COPY_BYTES), "--tmpfs", COPY, "--unshare-user-try", "--unshare-ipc", "--unshare-net",
				"--unshare-uts", "--unshare-cgroup-try", "--die-with-parent", "--clearenv"));
		ByteArrayOutputStream bytes = new ByteArrayOutputStream();
		for (String argument : arguments) {
			bytes.writeBytes(argument.getBytes(StandardCharsets.UTF_8));
			bytes.write(0);
		}
		return bytes.toByteArray();
	}

	/**
	 * The script's exit code, from the status bwrap wrote: present only when the script
	 * was started and ended by itself or by a signal.
	 * @param status the status file
	 * @return the exit code, or {@code null} when the script never ran or was killed with
	 * its sandbox
	 */
	static @Nullable Integer exitCode(Path status) {
		try (InputStream in = Files.newInputStream(status)) {
			Matcher matcher = EXIT_CODE.matcher(new String(in.readNBytes(4096), StandardCharsets.UTF_8));
			return matcher.find() ? Integer.valueOf(matcher.group(1)) : null;
		}
		catch (IOException | NumberFormatException ex) {
			return null;
		}
	}

}
