package dev.skills.cli;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import dev.skills.core.SkillConfig;
import dev.skills.core.SkillDiagnostic;
import dev.skills.core.registry.SkillsRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code skills catalog PATH...}: the {@code <available_skills>} block the model would
 * see.
 */
@Command(name = "catalog", mixinStandardHelpOptions = true,
		description = "Print the <available_skills> catalog of the skills found. Skills that cannot be loaded are "
				+ "reported on stderr and left out.")
final class CatalogCommand implements Callable<Integer> {

	@Spec
	private CommandSpec spec;

	@Parameters(arity = "1..*", paramLabel = "PATH",
			description = "Skill folders, SKILL.md files or folders of skills.")
	private List<Path> paths = new ArrayList<>();

	@Override
	public Integer call() {
		List<String> locations = new ArrayList<>();
		for (Path path : this.paths) {
			SkillPaths.expand(path).forEach((skill) -> locations.add(skill.toString()));
		}
		try (SkillsRegistry registry = new SkillsRegistry(SkillConfig.builder().skillsDir(locations).build())) {
			registry.discover(locations);
			PrintWriter err = this.spec.commandLine().getErr();
			for (SkillDiagnostic diagnostic : registry.diagnostics()) {
				err.println(diagnostic);
			}
			err.flush();
			PrintWriter out = this.spec.commandLine().getOut();
			out.println(registry.buildCatalog());
			out.flush();
		}
		return 0;
	}

}
