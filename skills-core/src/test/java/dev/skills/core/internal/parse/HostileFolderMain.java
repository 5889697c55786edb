package dev.skills.core.internal.parse;

import java.nio.file.Path;
import java.util.stream.Collectors;

import dev.skills.core.SkillDiagnostic;
import dev.skills.core.internal.files.SkillFolders;
import dev.skills.core.load.SkillLoader;
import dev.skills.core.load.SkillReadResult;

/**
 * Loads every skill below a folder and prints one line per skill folder:
 * {@code <folder>: loaded <name>} or {@code <folder>: skipped: <errors>}. Run in a child
 * JVM with a small heap by {@link HostileFrontmatterTests}.
 */
public final class HostileFolderMain {

	private HostileFolderMain() {
	}

	public static void main(String[] args) {
		for (Path directory : SkillFolders.find(Path.of(args[0])).skillDirectories()) {
			SkillReadResult result = SkillLoader.readMeta(SkillLoader.findSkillFile(directory));
			String errors = result.diagnostics()
				.stream()
				.filter(SkillDiagnostic::isError)
				.map(SkillDiagnostic::message)
				.collect(Collectors.joining("; "));
			String outcome = (result.meta() != null) ? "loaded " + result.meta().name() : "skipped: " + errors;
			System.out.println(directory.getFileName() + ": " + outcome);
		}
	}

}
