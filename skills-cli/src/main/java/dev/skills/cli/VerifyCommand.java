package dev.skills.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Callable;

import dev.skills.core.lock.SkillsLock;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code skills verify --lock FILE LOCATION...}: for CI, exit 0 when the locations serve
 * exactly what the lock file pins, 1 naming every skill added, changed or removed.
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
		description = "Check the skills the locations serve against a lock file; exit 1 naming each skill added, "
				+ "changed or removed.")
final class VerifyCommand implements Callable<Integer> {

	@Spec
	private CommandSpec spec;

	@Option(names = "--lock", required = true, paramLabel = "FILE", description = "The lock file.")
	private Path lock;

	@Parameters(arity = "1..*", paramLabel = "LOCATION", description = "Folders of skills, in precedence order.")
	private List<String> locations = new ArrayList<>();

	@Override
	public Integer call() throws IOException {
		Map<String, SkillsLock.Entry> pinned;
		try {
			pinned = SkillsLock.read(this.lock).entries();
		}
		catch (IllegalArgumentException ex) {
			throw new ParameterException(this.spec.commandLine(), this.lock + ": " + ex.getMessage());
		}
		Map<String, SkillsLock.Entry> served = LockFile.of(this.locations).entries();
		TreeSet<String> names = new TreeSet<>(pinned.keySet());
		names.addAll(served.keySet());
		List<String> drift = new ArrayList<>();
		for (String name : names) {
			SkillsLock.Entry was = pinned.get(name);
			SkillsLock.Entry is = served.get(name);
			if (was == null) {
				drift.add("added: " + name + " (" + is.source() + ")");
			}
			else if (is == null) {
				drift.add("removed: " + name);
			}
			else if (!was.digest().equals(is.digest())) {
				drift.add("changed: " + name + " (" + is.source() + ")");
			}
		}
		PrintWriter out = this.spec.commandLine().getOut();
		if (drift.isEmpty()) {
			out.println("All " + served.size() + " skills match " + this.lock);
		}
		else {
			drift.forEach(out::println);
		}
		out.flush();
		return drift.isEmpty() ? 0 : 1;
	}

}
