package dev.skills.cli;

import java.util.logging.Level;
import java.util.logging.Logger;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * The {@code skills} command. Exit codes: 0 success, 1 a skill has errors, 2 bad usage.
 */
@Command(name = "skills", mixinStandardHelpOptions = true, versionProvider = SkillsCli.Version.class,
		description = "Validate Agent Skills (SKILL.md folders), print their catalog, show their properties, check "
				+ "whether they trigger, pin them in a lock file.",
		subcommands = { ValidateCommand.class, CatalogCommand.class, PropertiesCommand.class, EvalCommand.class,
				LockCommand.class, VerifyCommand.class, CommandLine.HelpCommand.class })
public final class SkillsCli implements Runnable {

	// The registry logs its diagnostics; the commands print them themselves. A strong
	// reference
	// keeps the level set (java.util.logging holds loggers weakly).
	private static final Logger REGISTRY_LOGGER = Logger.getLogger("dev.skills.registry");

	@Spec
	private CommandSpec spec;

	/**
	 * Run the command line and exit with its code.
	 * @param args the arguments
	 */
	public static void main(String[] args) {
		REGISTRY_LOGGER.setLevel(Level.OFF);
		System.exit(commandLine().execute(args));
	}

	/**
	 * A command line ready to execute, for embedding and tests.
	 * @return the command line
	 */
	public static CommandLine commandLine() {
		// --format JSON works like --format json.
		return new CommandLine(new SkillsCli()).setCaseInsensitiveEnumValuesAllowed(true);
	}

	@Override
	public void run() {
		throw new ParameterException(this.spec.commandLine(),
				"Missing command: validate, catalog, properties, eval, lock or verify");
	}

	/**
	 * The version from the jar manifest.
	 */
	static final class Version implements IVersionProvider {

		@Override
		public String[] getVersion() {
			String version = SkillsCli.class.getPackage().getImplementationVersion();
			return new String[] { "skills " + ((version != null) ? version : "(development build)") };
		}

	}

}
