package dev.skills.cli;

import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

import dev.skills.core.InvalidSkillException;
import dev.skills.core.load.SkillLoader;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code skills properties PATH}: the frontmatter as JSON, read as the loader reads it;
 * one object for a skill, an array of them for a folder of skills.
 */
@Command(name = "properties", mixinStandardHelpOptions = true,
		description = "Print the parsed frontmatter as JSON: an object for one skill, an array for a folder of skills.")
final class PropertiesCommand implements Callable<Integer> {

	@Spec
	private CommandSpec spec;

	@Parameters(paramLabel = "PATH", description = "A skill folder, its SKILL.md, or a folder of skills.")
	private Path path;

	@Override
	public Integer call() {
		boolean oneSkill = !Files.isDirectory(this.path) || SkillLoader.findSkillFile(this.path) != null;
		List<Map<String, Object>> found = new ArrayList<>();
		boolean failed = false;
		for (Path skill : SkillPaths.expand(this.path)) {
			Map<String, Object> fields = fields(skill);
			failed |= (fields == null);
			if (fields != null) {
				found.add(fields);
			}
		}
		if (oneSkill && found.size() == 1) {
			this.spec.commandLine().getOut().println(Json.write(found.get(0)));
		}
		else if (!oneSkill && !found.isEmpty()) {
			this.spec.commandLine().getOut().println(Json.write(found));
		}
		this.spec.commandLine().getOut().flush();
		this.spec.commandLine().getErr().flush();
		return failed ? 1 : 0;
	}

	private @Nullable Map<String, Object> fields(Path skill) {
		Path skillFile = Files.isDirectory(skill) ? SkillLoader.findSkillFile(skill) : skill;
		if (skillFile == null || !Files.isRegularFile(skillFile)) {
			return fail("error: " + skill + ": SKILL.md not found in " + skill);
		}
		try {
			return SkillLoader.readFields(skillFile);
		}
		catch (InvalidSkillException ex) {
			return fail("error: " + skillFile + ": " + ex.getDiagnostics().get(0).message());
		}
		catch (UncheckedIOException ex) {
			return fail("error: " + skillFile + ": cannot read: " + ex.getCause().getMessage());
		}
	}

	private @Nullable Map<String, Object> fail(String message) {
		this.spec.commandLine().getErr().println(message);
		return null;
	}

}
